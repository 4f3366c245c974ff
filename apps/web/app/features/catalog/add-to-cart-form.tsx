import type { Size, StockEntry } from '@barbershop/contract';
import { MAX_LINE_QUANTITY } from '@barbershop/contract/order-rules';
import { useEffect, useId, useState } from 'react';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { CartNeedsScript } from '../../components/needs-script.tsx';
import { isRepeatClick } from '../../lib/repeat-click.ts';
import { useEarlyChoice } from '../../lib/use-early-choice.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';

/** SPEC.md section 9: how long the button reads 'Added'. */
export const ADDED_FEEDBACK_MS = 3000;

/** What adding did: in the cart, or not, because the cart already holds all the store has of that size. */
export type AddResult = 'added' | 'limit';

/**
 * The product page's size list and add-to-cart button (SPEC.md sections 4 and 5): sizes at 0 are
 * disabled; no size chosen gives 'Please select a size'; after adding the button reads 'Added' for 3 s.
 */
export function AddToCartForm({ stock, onAdd }: { stock: StockEntry[]; onAdd: (size: Size) => AddResult }) {
  const inStock = stock.filter((entry) => entry.quantity > 0);
  // A product offered in one size only has nothing to choose: that size is preselected.
  const [size, setSize] = useState<Size | null>(stock.length === 1 && inStock[0] ? inStock[0].size : null);
  const sizes = useEarlyChoice<HTMLFieldSetElement>(
    (shown) => setSize(shown as Size),
    (fieldset) => fieldset.querySelector<HTMLInputElement>('input:checked')?.value ?? '',
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [added, setAdded] = useState(false);
  const legendId = useId();
  // The cart lives in the browser: until the page's script runs, adding cannot work.
  const hydrated = useHydrated();

  useEffect(() => {
    if (!added) return;
    const timer = setTimeout(() => setAdded(false), ADDED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [added]);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!size) {
      setProblem('Please select a size');
      return;
    }
    if (onAdd(size) === 'limit') {
      const max = stock.find((entry) => entry.size === size)?.quantity ?? 0;
      setProblem(
        `Your cart already holds as many as you can buy in ${size} (${Math.min(max, MAX_LINE_QUANTITY)}).`,
      );
      return;
    }
    setProblem(null);
    setAdded(true);
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <fieldset ref={sizes} aria-labelledby={legendId}>
        <legend id={legendId} className="mb-2 font-display text-sm uppercase tracking-widest">
          Size
        </legend>
        <div className="flex flex-wrap gap-2">
          {stock.map((entry) => {
            const soldOut = entry.quantity === 0;
            return (
              <label
                key={entry.size}
                className={`relative inline-flex min-h-11 min-w-11 items-center justify-center rounded border-2 px-4 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brass-dark ${
                  soldOut
                    ? 'cursor-not-allowed border-charcoal/20 text-muted line-through forced-colors:text-[GrayText]'
                    : size === entry.size
                      ? // Forced colours drop the fill: the theme's selection colours mark the choice there,
                        // painted as given (the theme would put a plate of its page colour behind the text).
                        'cursor-pointer border-charcoal bg-charcoal text-paper forced-colors:border-[Highlight] forced-colors:bg-[Highlight] forced-colors:text-[HighlightText] forced-colors:forced-color-adjust-none forced-colors:has-focus-visible:outline-[CanvasText]'
                      : // Its edge is what shows it can be chosen: 3:1 or more on paper (WCAG 1.4.11).
                        'cursor-pointer border-charcoal/60 hover:border-charcoal'
                }`}
              >
                <input
                  type="radio"
                  name="size"
                  value={entry.size}
                  checked={size === entry.size}
                  disabled={soldOut}
                  onChange={() => {
                    setSize(entry.size);
                    setProblem(null);
                  }}
                  className="sr-only"
                />
                {entry.size}
                {soldOut && <span className="sr-only"> (sold out)</span>}
              </label>
            );
          })}
        </div>
      </fieldset>
      {problem && <Alert>{problem}</Alert>}
      {inStock.length === 0 ? (
        <p className="font-display text-lg uppercase tracking-widest text-muted">Sold out</p>
      ) : (
        <Button
          type="submit"
          disabled={!hydrated}
          // A double-click adds one unit; a second press of its own adds another.
          onClick={(event) => {
            if (isRepeatClick(event)) event.preventDefault();
          }}
          // At least 15rem where there is room; with larger text its column can be narrower than that.
          className="min-h-12 w-full text-base tracking-widest sm:w-auto sm:min-w-[min(15rem,100%)]"
        >
          {added ? 'Added' : 'Add to Cart'}
        </Button>
      )}
      {inStock.length > 0 && <CartNeedsScript />}
      <p aria-live="polite" className="sr-only">
        {added ? 'Added to your cart' : ''}
      </p>
    </form>
  );
}
