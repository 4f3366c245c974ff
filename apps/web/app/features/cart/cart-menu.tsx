import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { Announcement, useAnnouncement } from '../../components/announcement.tsx';
import { buttonClass } from '../../components/button.tsx';
import { LineIcon } from '../../components/line-icon.tsx';
import { useDisclosure } from '../../components/use-disclosure.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { CartDropdownLine } from './cart-dropdown-line.tsx';
import { cartCount, clearLine, lineKey, removedNotice } from './cart-rules.ts';
import { useCart } from './cart-store.ts';

const triggerClass =
  'relative inline-flex min-h-11 min-w-11 items-center justify-center rounded text-paper hover:text-brass';

/**
 * The header's cart icon with its count badge, toggling the 240 x 340 px dropdown (SPEC.md sections 2
 * and 9). Escape, a click elsewhere, GO TO CART or any navigation closes it. The badge shows once the
 * page has hydrated: the server cannot know what this browser's cart holds.
 */
export function CartMenu() {
  const [cart, update] = useCart();
  const { open, setOpen, container, trigger } = useDisclosure();
  const panelId = useId();
  const goToCart = useRef<HTMLAnchorElement>(null);
  const count = cartCount(cart);
  const { said, announce, clear } = useAnnouncement();
  const hydrated = useHydrated();
  // Opened again later, the panel does not say again what was removed before.
  useEffect(() => {
    if (!open) clear();
  }, [open, clear]);

  // Until the page's script runs (or without it) the icon is a link to /cart, which says what the
  // cart needs: a press then still leads somewhere, as SIGN IN's does.
  if (!hydrated) {
    return (
      <a href="/cart" aria-label="Cart" className={triggerClass}>
        <CartIcon />
      </a>
    );
  }

  // Below 352 px (320 px is 400% zoom) the 240 px dropdown under the button would start off the
  // screen's left edge: there it hangs from the header's right edge instead, below the header.
  return (
    <div ref={container} className="relative max-[22rem]:static">
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={count === 1 ? 'Cart, 1 item' : `Cart, ${count} items`}
        onClick={() => setOpen((value) => !value)}
        className={triggerClass}
      >
        <CartIcon />
        {count > 0 && (
          <span
            aria-hidden="true"
            data-testid="cart-count"
            className="absolute right-0 top-0 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-brass px-1 text-xs font-bold text-charcoal"
          >
            {count}
          </span>
        )}
      </button>
      {/* Forced colours drop its shadow and ring: a border keeps it apart from the page it covers. */}
      <section
        id={panelId}
        hidden={!open}
        aria-label="Cart"
        className="absolute right-0 top-full z-40 mt-2 h-[340px] w-[240px] max-[22rem]:right-2 flex-col overflow-hidden rounded-md bg-paper text-charcoal shadow-xl ring-1 ring-charcoal/10 forced-colors:border [&:not([hidden])]:flex"
      >
        {cart.lines.length === 0 ? (
          <p className="flex flex-1 items-center justify-center px-4 text-center font-display uppercase tracking-wide text-muted">
            Your Cart Is Empty
          </p>
        ) : (
          <ul className="flex-1 overflow-y-auto overscroll-contain">
            {cart.lines.map((line) => (
              <CartDropdownLine
                key={lineKey(line)}
                line={line}
                onDelete={() => {
                  update((state) => clearLine(state, line._id, line.size));
                  // The focused X goes with its line: keep keyboard users inside the dropdown, told why.
                  goToCart.current?.focus();
                  announce(removedNotice(line));
                }}
              />
            ))}
          </ul>
        )}
        <div className="border-t border-charcoal/10 p-2">
          <Link
            ref={goToCart}
            to="/cart"
            onClick={() => setOpen(false)}
            className={buttonClass('primary', 'w-full tracking-widest')}
          >
            GO TO CART
          </Link>
        </div>
        {/* Inside the panel, shown with it: no page gets a status region that is never used. */}
        <Announcement said={said} />
      </section>
    </div>
  );
}

function CartIcon() {
  return (
    <LineIcon>
      <path d="M6 7h12l-1 13H7z" />
      <path d="M9 7V5a3 3 0 0 1 6 0v2" />
    </LineIcon>
  );
}
