import type { PaymentIntent } from '@barbershop/contract';
import { formatCents } from '@barbershop/contract/format';
import { salesTaxCents } from '@barbershop/contract/order-rules';
import { lazy, type RefObject, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { buttonClass } from '../../components/button.tsx';
import { CartNeedsScript } from '../../components/needs-script.tsx';
import {
  cartTotalCents,
  checkoutLineNote,
  lineKey,
  lineTotalCents,
  paymentLines,
  priceChangeNote,
  setOrderId,
} from '../../features/cart/cart-rules.ts';
import { useCart } from '../../features/cart/cart-store.ts';
import { refreshCartPrices, useCurrentPrices } from '../../features/cart/use-current-prices.ts';
import { DeliveryMethod } from '../../features/checkout/delivery-method.tsx';
import { DemoPayment } from '../../features/checkout/demo-payment.tsx';
import { OrderSummary } from '../../features/checkout/order-summary.tsx';
import {
  NO_CONNECTION_PAYMENT_ERROR,
  totalChangedMessage,
  UNEXPECTED_PAYMENT_ERROR,
} from '../../features/checkout/payment-errors.ts';
import { type ApiClient, ApiError, browserApi } from '../../lib/api.ts';
import { isNetworkFailure } from '../../lib/network-failure.ts';
import { configuredShop, publicShopHours } from '../../lib/public-shop.ts';
import { absoluteUrl, siteFromMatches } from '../../lib/seo.ts';
import { signInStartHref } from '../../lib/sign-in-href.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useRootData } from '../../root.tsx';
import type { Route } from './+types/checkout';

// Stripe's code is a chunk of its own, fetched only here and only when the shop takes cards.
const StripePayment = lazy(() => import('../../features/checkout/stripe-payment.tsx'));

export function meta({ matches }: Route.MetaArgs) {
  const { shop } = siteFromMatches(matches);
  return [{ title: `Checkout | ${shop?.name ?? 'Barbershop'}` }, { name: 'robots', content: 'noindex' }];
}

const CHECKOUT_PATH = '/checkout';
const CHECKOUT_LOADING_ID = 'checkout-loading';
/** Where the payment provider hands the customer back, for this order. */
function confirmationPath(orderId: string): string {
  return `/payment-confirmation?${new URLSearchParams({ orderId })}`;
}

/**
 * SPEC.md section 5's refusal: paying needs a signed-in customer and something in the cart. In the
 * payment section when only the sign-in is missing, so the order and where to pick it up stay in view.
 */
function CannotPay({ signInHref, emptyCart = false }: { signInHref: string | null; emptyCart?: boolean }) {
  return (
    <div className="rounded-lg bg-white px-6 py-8 text-center ring-1 ring-charcoal/10">
      <p className="text-lg font-semibold">Must be signed in and cart cannot be empty!</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {signInHref && (
          <a href={signInHref} className={buttonClass()}>
            Sign In
          </a>
        )}
        {emptyCart && (
          <Link to="/store" className={buttonClass()}>
            Visit the Store
          </Link>
        )}
        {/* Signed in with nothing to pay: most often Back after paying, when the order is what they want. */}
        {emptyCart && !signInHref && (
          <Link to="/account/orders" className={buttonClass('secondary')}>
            Your Orders
          </Link>
        )}
      </div>
    </div>
  );
}

/**
 * The confirmation page of the cart's order when that order is paid, else null (also when it cannot
 * be read: the checkout then works as it is, and the server still refuses to take a paid cart again).
 */
async function paidConfirmation(api: ApiClient, orderId: string): Promise<string | null> {
  try {
    const order = await api.get(`/orders/${encodeURIComponent(orderId)}`);
    return order.status !== 'pending' && order.status !== 'canceled' ? confirmationPath(order._id) : null;
  } catch {
    return null;
  }
}

/**
 * A cart whose order was paid while its confirmation page never loaded (a lost connection on the way
 * back from the card form, a closed tab) still holds that order: its confirmation is shown, which
 * empties the cart, rather than the same cart offered for paying twice (the server refuses that too).
 */
function usePaidCartRedirect(
  apiBaseUrl: string,
  enabled: boolean,
  orderId: string | null | undefined,
  placedHere: Readonly<RefObject<string | null>>,
) {
  const navigate = useNavigate();
  useEffect(() => {
    // Not the order this page's own Pay just placed: looked up too, it could reach the confirmation
    // first and take /checkout's place in the history (Back after paying then skipped checkout or,
    // signed in at checkout, landed on the used sign-in page).
    if (!enabled || !orderId || orderId === placedHere.current) return;
    let current = true;
    void paidConfirmation(browserApi(apiBaseUrl), orderId).then((path) => {
      if (current && path) navigate(path, { replace: true });
    });
    return () => {
      current = false;
    };
  }, [apiBaseUrl, enabled, orderId, placedHere, navigate]);
}

/**
 * /checkout (SPEC.md sections 2, 4, 5 and 8): delivery method and payment on one side, the order
 * summary on the other. Paying needs a signed-in customer and a cart with something in it.
 */
export default function Checkout() {
  const root = useRootData();
  const [cart, update] = useCart();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [intent, setIntent] = useState<PaymentIntent | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The order this page's own Pay placed: its payment is this page's to follow (a ref: the cart's
  // store may render the new order id before any state set beside it).
  const placed = useRef<string | null>(null);

  // The server's amounts hold for the cart it priced; a change (here or in another tab) voids them.
  // What it priced, that is: a line's stock limit, brought up to date meanwhile, changes no amount.
  const priced = JSON.stringify(cart.lines.map((line) => [line._id, line.size, line.quantity, line.pricing]));
  // biome-ignore lint/correctness/useExhaustiveDependencies: `priced` stands for what the intent priced.
  useEffect(() => setIntent(null), [priced]);
  useCurrentPrices(root?.config.apiBaseUrl ?? '', Boolean(root?.user), hydrated && cart.lines.length > 0);
  usePaidCartRedirect(root?.config.apiBaseUrl ?? '', hydrated && Boolean(root?.user), cart.orderId, placed);

  if (!root) return null;
  const { user, shop, config } = root;
  const api = browserApi(config.apiBaseUrl);

  if (!hydrated) {
    return (
      <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-10 focus:outline-none">
        <h1 className="mb-6 text-4xl">Checkout</h1>
        <p id={CHECKOUT_LOADING_ID} className="text-muted">
          Loading your cart…
        </p>
        <CartNeedsScript replaces={CHECKOUT_LOADING_ID} />
      </main>
    );
  }

  const signInHref = user ? null : signInStartHref(config.apiBaseUrl, CHECKOUT_PATH);
  if (cart.lines.length === 0) {
    return (
      <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-10 focus:outline-none">
        <h1 className="mb-6 text-4xl">Checkout</h1>
        <CannotPay signInHref={signInHref} emptyCart />
      </main>
    );
  }

  const subtotal = cartTotalCents(cart);
  const estimatedTax = salesTaxCents(subtotal, shop.salesTaxRate);
  const amounts = intent ?? {
    subtotal,
    salesTax: estimatedTax,
    shippingCost: 0,
    total: subtotal + estimatedTax,
  };

  /**
   * Prices the cart and reserves its stock on the server, reusing the pending order of an earlier
   * attempt. Signed out: off to sign in, back here after. Anything refused: the server's message.
   * A total other than `shownTotal`, what the Pay button said: no payment, the new amounts shown
   * instead, and the next press pays them.
   */
  async function createIntent(shownTotal: number): Promise<PaymentIntent | null> {
    setError(null);
    try {
      const answer = await api.send('POST', '/payment/create-payment-intent', {
        products: paymentLines(cart),
        orderId: cart.orderId,
      });
      placed.current = answer.orderId;
      update((state) => setOrderId(state, answer.orderId));
      setIntent(answer);
      if (answer.total !== shownTotal) {
        setError(totalChangedMessage(formatCents(answer.total)));
        // The lines show the catalogue's prices too, so the summary adds up to the new total.
        void refreshCartPrices(config.apiBaseUrl, true);
        return null;
      }
      return answer;
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 401) {
        window.location.assign(signInStartHref(config.apiBaseUrl, CHECKOUT_PATH));
        return null;
      }
      // A refused cart (too many lines) is said in the issue's own words, without the field's path.
      const said = failure instanceof ApiError ? (failure.issues[0]?.message ?? failure.message) : null;
      await failed(failure, said, cart.orderId);
      // Short of stock: the summary's lines learn what is left now and say which to change.
      if (failure instanceof ApiError && failure.status === 409)
        void refreshCartPrices(config.apiBaseUrl, true);
      return null;
    }
  }

  /**
   * Says why paying failed, in the server's words when it gave any. The cart's order may be paid all
   * the same (the answer was lost on the way back, or an earlier such payment made the server refuse
   * this cart as paid): then its confirmation is shown instead, looked up first so that no alert
   * says the payment failed on the way there (Pay stays busy meanwhile).
   */
  async function failed(failure: unknown, said: string | null, orderId: string | null | undefined) {
    const paid = orderId ? await paidConfirmation(api, orderId) : null;
    if (paid) return navigate(paid);
    setError(said ?? (isNetworkFailure(failure) ? NO_CONNECTION_PAYMENT_ERROR : UNEXPECTED_PAYMENT_ERROR));
  }

  async function payDemo() {
    setBusy(true);
    const answer = await createIntent(amounts.total);
    if (!answer) {
      setBusy(false);
      return;
    }
    try {
      await api.send('POST', '/payment/demo/confirm', { orderId: answer.orderId });
      navigate(confirmationPath(answer.orderId));
    } catch (failure) {
      await failed(failure, failure instanceof ApiError ? failure.message : null, answer.orderId);
      setBusy(false);
    }
  }

  const amount = formatCents(amounts.total);
  return (
    <main id="main" tabIndex={-1} className="@container mx-auto max-w-6xl px-4 py-10 focus:outline-none">
      <h1 className="mb-6 text-4xl">Checkout</h1>
      {/* The summary comes first on a phone, so the lines and the total are read before Pay. Side by
          side once the page is wide enough for both in rem (a container query), so larger text, which
          widens the summary, puts them one above the other again. */}
      <div className="grid gap-8 @4xl:grid-cols-[1fr_24rem] @4xl:gap-12">
        <div className="@4xl:sticky @4xl:top-6 @4xl:col-start-2 @4xl:row-start-1 @4xl:self-start">
          <OrderSummary
            lines={cart.lines.map((line) => ({
              key: lineKey(line),
              name: line.name,
              size: line.size,
              quantity: line.quantity,
              image: line.image,
              totalCents: lineTotalCents(line),
              note: checkoutLineNote(line),
              priceNote: priceChangeNote(line),
            }))}
            amounts={amounts}
            showTax={shop.salesTaxRate > 0 || amounts.salesTax > 0}
          />
          <p className="mt-3">
            <Link
              to="/cart"
              className="inline-flex min-h-11 items-center font-semibold text-brass-dark underline underline-offset-4 hover:text-charcoal"
            >
              Change your cart
            </Link>
          </p>
        </div>
        <div className="space-y-8 @4xl:col-start-1 @4xl:row-start-1">
          <DeliveryMethod
            shopName={shop.name}
            address={configuredShop(shop)?.address ?? null}
            hours={publicShopHours(shop)}
          />
          <section aria-labelledby="payment-heading" className="space-y-4">
            <h2 id="payment-heading" className="font-display text-xl uppercase tracking-wide">
              Payment
            </h2>
            {!user ? (
              <CannotPay signInHref={signInHref} />
            ) : config.paymentProvider === 'stripe' ? (
              <Suspense fallback={<p className="text-muted">Loading the payment form…</p>}>
                <StripePayment
                  publishableKey={config.stripePublishableKey}
                  amountCents={amounts.total}
                  amount={amount}
                  receiptEmail={user.email}
                  returnUrl={(orderId) => absoluteUrl(config.publicUrl, confirmationPath(orderId))}
                  createIntent={() => createIntent(amounts.total)}
                  serverError={error}
                />
              </Suspense>
            ) : (
              <DemoPayment amount={amount} busy={busy} error={error} onPay={payDemo} />
            )}
          </section>
        </div>
      </div>
    </main>
  );
}
