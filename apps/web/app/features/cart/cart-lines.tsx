import { dollarsToCents, formatCents } from '@barbershop/contract/format';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { StoredImage } from '../../components/stored-image.tsx';
import { isRepeatClick, useRepeatsOnOneControl } from '../../lib/repeat-click.ts';
import {
  type CartState,
  clearLine,
  increment,
  lineKey,
  lineLimitNote,
  lineTotalCents,
  priceChangeNote,
  removedNotice,
  removeOne,
} from './cart-rules.ts';
import type { updateCart } from './cart-store.ts';

const stepClass =
  'inline-flex h-11 w-11 items-center justify-center text-xl hover:bg-charcoal hover:text-paper aria-disabled:cursor-not-allowed aria-disabled:text-charcoal/30 aria-disabled:hover:bg-transparent';

/**
 * The cart page's lines (SPEC.md section 2): image, name, size, Remove, unit price, quantity with minus
 * and plus, and line total. Plus stops at the stock the store showed (and at 10).
 */
export function CartLines({
  cart,
  update,
  announce,
}: {
  cart: CartState;
  update: typeof updateCart;
  /** Says a line is gone: the keyboard moves on and nothing else tells a screen reader. */
  announce: (text: string) => void;
}) {
  const list = useRef<HTMLUListElement>(null);
  const ids = useId();
  const [focusLine, setFocusLine] = useState<string | null>(null);
  // A line that leaves brings the next one up under the pointer: a double-click takes out one line.
  const pressed = useRepeatsOnOneControl();
  useEffect(() => {
    if (focusLine === null) return;
    list.current?.querySelector<HTMLElement>(`[data-line="${CSS.escape(focusLine)}"] a`)?.focus();
    setFocusLine(null);
  }, [focusLine]);

  /**
   * Takes a line out of the cart, and says so. Its buttons go with it, so keyboard focus moves to the
   * next line (the one before, for the last), or to the page when the cart is empty: never lost to the body.
   */
  function takeOut(index: number, change: (state: CartState) => CartState) {
    const rest = cart.lines.filter((_, i) => i !== index);
    const next = rest[Math.min(index, rest.length - 1)];
    const line = cart.lines[index];
    update(change);
    if (line) announce(removedNotice(line));
    if (next) setFocusLine(lineKey(next));
    else document.getElementById('main')?.focus();
  }

  return (
    <ul ref={list} className="divide-y divide-charcoal/10 rounded-lg bg-white ring-1 ring-charcoal/10">
      {cart.lines.map((line, index) => {
        const label = `${line.name}, ${line.size}`;
        const limit = lineLimitNote(line);
        const limitId = `${ids}-limit-${index}`;
        const priceNote = priceChangeNote(line);
        return (
          // The line's own width decides whether price, quantity and total join its row (a container
          // query in rem): with text made larger, as a text-size setting of the page's font does, a line
          // that no longer has room for them wraps them below instead of squeezing the name.
          <li key={lineKey(line)} data-line={lineKey(line)} className="@container flex gap-3 p-4 sm:gap-4">
            <StoredImage
              image={line.image}
              alt=""
              sizes="96px"
              width={96}
              height={96}
              className="h-16 w-16 shrink-0 rounded object-cover sm:h-24 sm:w-24"
            />
            <div className="flex min-w-0 flex-1 flex-col gap-2 @2xl:flex-row @2xl:items-center @2xl:gap-6">
              <div className="min-w-0 flex-1">
                {/* Off sale, its page is gone: a name, not a link to a 404. */}
                {line.offSale ? (
                  <p className="text-lg font-semibold wrap-anywhere">{line.name}</p>
                ) : (
                  <Link
                    to={`/store/${line.slug}`}
                    className="text-lg font-semibold wrap-anywhere underline-offset-4 hover:underline"
                  >
                    {line.name}
                  </Link>
                )}
                <p className="text-muted">Size {line.size}</p>
                {priceNote && <p className="text-sm font-semibold">{priceNote}</p>}
                <button
                  type="button"
                  onClick={(event) => {
                    if (!isRepeatClick(event))
                      takeOut(index, (state) => clearLine(state, line._id, line.size));
                  }}
                  className="-ml-1 inline-flex min-h-11 items-center px-1 text-sm font-semibold text-brass-dark underline underline-offset-4 hover:text-charcoal"
                >
                  Remove<span className="sr-only"> {label}</span>
                </button>
              </div>
              {/* One row below the name on a narrow line, the total wrapping below, to the right, where
                  the row is too narrow (390 px and less); on a wide line the three join its own row. */}
              <div className="flex flex-wrap items-center justify-between gap-3 @2xl:contents">
                <p className="@2xl:w-20 @2xl:text-right">
                  <span className="sr-only">Unit price </span>
                  {/* With cents, like the line total beside it. */}
                  {formatCents(dollarsToCents(line.pricing))}
                </p>
                <div className="flex flex-col items-center gap-1">
                  {/* biome-ignore lint/a11y/useSemanticElements: a group of two buttons and a number, not a form fieldset. */}
                  <div
                    role="group"
                    aria-label={`Quantity of ${label}`}
                    className="inline-flex w-fit items-center rounded border border-charcoal/30"
                  >
                    <button
                      type="button"
                      aria-label={`One fewer ${label}`}
                      onClick={(event) => {
                        if (!pressed(event, `fewer-${lineKey(line)}`)) return;
                        const change = (state: CartState) => removeOne(state, line._id, line.size);
                        if (line.quantity === 1) takeOut(index, change);
                        else update(change);
                      }}
                      className={stepClass}
                    >
                      <span aria-hidden="true">−</span>
                    </button>
                    <output aria-live="polite" className="w-8 text-center font-semibold">
                      {line.quantity}
                    </output>
                    {/* At the limit it stays focusable (disabled, focus would fall to the page) and says why. */}
                    <button
                      type="button"
                      aria-label={`One more ${label}`}
                      aria-disabled={limit !== null}
                      aria-describedby={limitId}
                      onClick={(event) => {
                        if (!pressed(event, `more-${lineKey(line)}`)) return;
                        if (limit === null) update((state) => increment(state, line._id, line.size));
                      }}
                      className={stepClass}
                    >
                      <span aria-hidden="true">+</span>
                    </button>
                  </div>
                  {/* Always there, so the limit is announced the moment Plus reaches it. */}
                  <p id={limitId} aria-live="polite" className="text-xs text-muted empty:hidden">
                    {limit}
                  </p>
                </div>
                <p className="grow text-right font-semibold @2xl:w-24 @2xl:grow-0">
                  <span className="sr-only">Line total </span>
                  {formatCents(lineTotalCents(line))}
                </p>
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
