import { formatCents } from '@barbershop/contract/format';
import { Link } from 'react-router';
import { Announcement, useAnnouncement } from '../../components/announcement.tsx';
import { buttonClass } from '../../components/button.tsx';
import { CartNeedsScript } from '../../components/needs-script.tsx';
import { CartLines } from '../../features/cart/cart-lines.tsx';
import { cartTotalCents } from '../../features/cart/cart-rules.ts';
import { useCart } from '../../features/cart/cart-store.ts';
import { useCurrentPrices } from '../../features/cart/use-current-prices.ts';
import { siteFromMatches } from '../../lib/seo.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useRootData } from '../../root.tsx';
import type { Route } from './+types/cart';

export function meta({ matches }: Route.MetaArgs) {
  const { shop } = siteFromMatches(matches);
  const name = shop?.name ?? 'Barbershop';
  // This browser's cart: nothing for search engines (docs/decisions.md). The description is for the
  // visitor's own tab previews and shares.
  return [
    { title: `Cart | ${name}` },
    {
      name: 'description',
      content: `Your cart at ${name}: review your items, then check out for pickup at the shop.`,
    },
    { name: 'robots', content: 'noindex' },
  ];
}

const CART_LOADING_ID = 'cart-loading';

/** /cart (SPEC.md section 2). The cart is in this browser only, so it shows once the page has hydrated. */
export default function Cart() {
  const [cart, update] = useCart();
  const hydrated = useHydrated();
  const root = useRootData();
  // Outside the lines, which go with the last one: the cart emptied is said too.
  const { said, announce } = useAnnouncement();
  useCurrentPrices(root?.config.apiBaseUrl ?? '', Boolean(root?.user), hydrated && cart.lines.length > 0);
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-4xl px-4 py-10 focus:outline-none">
      <h1 className="mb-6 text-4xl">Cart</h1>
      <Announcement said={said} />
      {!hydrated ? (
        // An empty cart's box, kept while the cart loads, so the page does not move when it appears.
        <CartPanel>
          {/* The same <p> then says the cart is empty: a new element drawn at hydration would be the
              page's largest paint, timed after the script (docs/performance.md). */}
          <p id={CART_LOADING_ID} className="text-xl text-muted">
            Loading your cart…
          </p>
          <CartNeedsScript replaces={CART_LOADING_ID} />
          <div aria-hidden="true" className="mt-6 h-11" />
        </CartPanel>
      ) : cart.lines.length === 0 ? (
        <CartPanel>
          <p className="font-display text-xl uppercase tracking-wide">Your Cart Is Empty</p>
          <Link to="/store" className={buttonClass('primary', 'mt-6')}>
            Continue Shopping
          </Link>
        </CartPanel>
      ) : (
        <>
          <CartLines cart={cart} update={update} announce={announce} />
          <div className="mt-6 flex flex-col items-end gap-3 text-right">
            <p className="text-xl">
              Subtotal <span className="ml-4 font-semibold">{formatCents(cartTotalCents(cart))}</span>
            </p>
            <p className="text-muted">Taxes and shipping calculated at checkout</p>
            <Link to="/checkout" className={buttonClass()}>
              Proceed to Checkout
            </Link>
          </div>
        </>
      )}
    </main>
  );
}

function CartPanel({ children }: { children: React.ReactNode }) {
  return <div className="rounded-lg bg-white px-6 py-10 text-center ring-1 ring-charcoal/10">{children}</div>;
}
