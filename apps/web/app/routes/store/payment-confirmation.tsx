import {
  latestPaymentFailure,
  type Order,
  paidBackNote,
  paymentRefunded,
  refundOfPaymentFailed,
} from '@barbershop/contract';
import { useEffect, useState } from 'react';
import { Link, useRevalidator, useSearchParams } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { buttonClass } from '../../components/button.tsx';
import { requireRole } from '../../features/auth/require-role.ts';
import { withoutPaid } from '../../features/cart/cart-rules.ts';
import { useCart } from '../../features/cart/cart-store.ts';
import { OrderSummary } from '../../features/checkout/order-summary.tsx';
import { idOrNotFound, orNotFound, serverApi } from '../../lib/api.ts';
import { siteFromMatches } from '../../lib/seo.ts';
import type { Route } from './+types/payment-confirmation';

/** How often, and how many times, the page asks again while the provider is still settling a payment. */
const POLL_MS = 2000;
const MAX_POLLS = 15;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context, 'signedIn');
  const orderId = idOrNotFound(new URL(request.url).searchParams.get('orderId'));
  // Someone else's order is a 404, like a missing one.
  const order = await orNotFound(serverApi(context).get(`/orders/${orderId}`));
  return { order };
}

export function meta({ matches }: Route.MetaArgs) {
  const { shop } = siteFromMatches(matches);
  return [
    { title: `Order Confirmed | ${shop?.name ?? 'Barbershop'}` },
    { name: 'robots', content: 'noindex' },
  ];
}

/**
 * What comes next for a paid order. The page may be opened again long after paying (from the email, or
 * the browser's history): a ready or collected order is not promised another email about being ready.
 */
function nextStep({ status, deliveryMethod }: Pick<Order, 'status' | 'deliveryMethod'>): string {
  const pickup = deliveryMethod === 'pickup';
  switch (status) {
    case 'ready':
      return 'Your order is ready for pickup: its details show how to collect it.';
    case 'shipped':
      return 'Your order is on its way.';
    case 'delivered':
      return pickup ? 'You have picked up this order.' : 'This order has been delivered.';
    default:
      return pickup
        ? 'We will email you again when your order is ready for pickup.'
        : 'We will email you again when your order ships.';
  }
}

/** What a payment that did not end in a paid order says, by what happened to the money. */
const NOT_COMPLETED = {
  unpaid: {
    heading: 'Payment Not Completed',
    text: 'The payment did not go through, and nothing was charged. Your cart is still here.',
  },
  refunded: {
    heading: 'Payment Refunded',
    text: 'Your payment came through after this order could no longer be filled, so it was refunded in full. The refund may take a few days to show on your statement. Your cart is still here.',
  },
  refundFailed: {
    heading: 'Refund Not Completed',
    text: 'Your payment came through after this order could no longer be filled. We refunded it, but your bank or card issuer turned the refund down, so the money came back to the shop. The shop will pay you back another way. Your cart is still here.',
  },
  paidBack: {
    heading: 'Payment Returned',
    text: 'Your payment came through after this order could no longer be filled. Your bank or card issuer turned our refund down, so the shop paid you back another way. Your cart is still here.',
  },
};

/**
 * /payment-confirmation?orderId= (SPEC.md section 2): 'Order Confirmed' with the order, and the cart
 * emptied. A card payment may still be settling when the customer lands here: the page says so and
 * looks again for a while.
 */
export default function PaymentConfirmation({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  const [searchParams] = useSearchParams();
  const [cart, update] = useCart();
  const revalidator = useRevalidator();
  const [polls, setPolls] = useState(0);
  // Stripe returns here after a redirect-based method too, saying whether it went through; one that
  // was still settling may fail later, which its order's log says. The address speaks only for an
  // order still awaiting payment: one paid since (or a link edited by hand) is what the order says.
  const failure = latestPaymentFailure(order);
  const failed =
    (searchParams.get('redirect_status') === 'failed' && order.status === 'pending') ||
    order.status === 'canceled' ||
    failure !== null;
  const pending = order.status === 'pending' && !failed;
  // Charged and given back, which "nothing was charged" would misstate; or charged, and the refund
  // then refused by the customer's bank, which "refunded" would misstate.
  const paidBack = paidBackNote(order);
  const notCompleted = paidBack
    ? NOT_COMPLETED.paidBack
    : refundOfPaymentFailed(order)
      ? NOT_COMPLETED.refundFailed
      : paymentRefunded(order)
        ? NOT_COMPLETED.refunded
        : NOT_COMPLETED.unpaid;

  // The order now holds what the cart held, once it is paid: a payment still settling may yet fail,
  // and then the cart is still here, as the page says. Only the cart that paid for this order gives
  // up what it bought (coming back to this page later never touches a new cart), and only that.
  const paid = !failed && !pending;
  useEffect(() => {
    if (paid && cart.orderId === order._id) update((state) => withoutPaid(state, order.products));
  }, [paid, cart.orderId, order._id, order.products, update]);

  useEffect(() => {
    if (!pending || polls >= MAX_POLLS || revalidator.state !== 'idle') return;
    const timer = setTimeout(() => {
      setPolls((n) => n + 1);
      void revalidator.revalidate();
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [pending, polls, revalidator]);

  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-3xl px-4 py-10 focus:outline-none">
      {failed ? (
        <div className="space-y-4">
          <h1 className="text-4xl">{notCompleted.heading}</h1>
          <Alert>
            {notCompleted.text}
            {failure && <span className="mt-1 block">{failure}</span>}
            {paidBack && <span className="mt-1 block">The shop's note: {paidBack}</span>}
          </Alert>
          <Link to="/checkout" className={buttonClass()}>
            Back to Checkout
          </Link>
        </div>
      ) : (
        <div className="space-y-6">
          <div>
            <h1 className="text-4xl">{pending ? 'Payment Processing' : 'Order Confirmed'}</h1>
            <p className="mt-2">
              Order number <span className="break-all font-mono font-semibold">{order._id}</span>
            </p>
            <p aria-live="polite" className="mt-2 text-muted wrap-anywhere">
              {pending
                ? polls < MAX_POLLS
                  ? 'Your payment is still processing. This page updates by itself when it is through.'
                  : 'Your payment is still processing. We will email you when it is through; your orders show it too.'
                : `Thank you! We sent a confirmation to ${order.user.email}. ${nextStep(order)}`}
            </p>
          </div>
          <OrderSummary
            lines={order.products.map((line) => ({
              key: line._id,
              name: line.name,
              size: line.size,
              quantity: line.quantity,
              image: line.image,
              totalCents: line.unitPrice * line.quantity,
            }))}
            amounts={order}
            showTax={order.salesTax > 0}
          />
          <div className="flex flex-wrap gap-3">
            <Link to="/account" className={buttonClass()}>
              View Profile
            </Link>
            <Link
              to={`/account/orders/${order._id}`}
              className="inline-flex min-h-12 items-center px-2 font-semibold text-brass-dark underline underline-offset-4"
            >
              Order details
            </Link>
          </div>
        </div>
      )}
    </main>
  );
}
