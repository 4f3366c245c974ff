import {
  type CreatePaymentIntent,
  isUuid,
  type OrderStatus,
  type PaymentConfirmation,
  type PaymentIntent,
} from '@barbershop/contract';
import { RESERVATION_MINUTES } from '@barbershop/contract/order-rules';
import type { Executor } from '@barbershop/db';
import type Stripe from 'stripe';
import type { SessionUser } from '../../plugins/access.ts';
import { AppError } from '../../plugins/errors.ts';
import { noteDispute } from '../orders/disputes.ts';
import {
  findOrder,
  findPendingOrderOfUser,
  findSalesTaxRate,
  type OrderRow,
  releaseCheckoutLease,
} from '../orders/lifecycle.repository.ts';
import {
  attachPayment,
  cancelPending,
  type FulfilOutcome,
  fulfil,
  type Notify,
  notePaymentFailed,
  noteRefund,
  noteRefundFailed,
  PAYMENT_CANCELED_MESSAGE,
  paidAsOrdered,
  reserveForPayment,
} from '../orders/order-lifecycle.ts';
import { type PaymentProvider, type PaymentState, PaymentUnderWay } from './payment-provider.ts';
import { recordPaymentEvent } from './payments.repository.ts';

/**
 * Checkout: reserves the cart for the customer's pending order (created or replaced) at database
 * prices and the shop's tax rate (`configuredTaxRate` until the shop's settings are saved), then
 * creates or updates its one payment. Client prices and totals are never read; each customer has one
 * pending order, so the cart's `orderId` only serves to refuse paying for a cart already paid.
 */
export async function createPaymentIntent(
  db: Executor,
  provider: PaymentProvider,
  user: SessionUser,
  body: CreatePaymentIntent,
  configuredTaxRate: number,
): Promise<PaymentIntent> {
  await refuseRepeatPayment(db, provider, user, body.orderId);
  const { order, lease } = await reserveForPayment(
    db,
    {
      userId: user.id,
      lines: body.products,
      salesTaxRate: await findSalesTaxRate(db, configuredTaxRate),
      provider: provider.name,
    },
    provider.longestCheckoutMs,
  );
  // Best effort when anything below fails: a lease not given back ends by itself. The reservation
  // stands either way; the customer may press Pay again.
  const giveBackLease = () => releaseCheckoutLease(db, user.id, lease).catch(() => {});
  let payment: Awaited<ReturnType<PaymentProvider['upsert']>>;
  try {
    payment = await provider.upsert({
      orderId: order.id,
      paymentId: order.paymentId,
      amount: order.total,
      receiptEmail: user.email,
      version: String(order.updatedAt.getTime()),
    });
  } catch (error) {
    await giveBackLease();
    if (error instanceof PaymentUnderWay) throw paymentUnderWay(error.state, order.total);
    throw providerUnavailable(error);
  }
  try {
    await attachPayment(db, { userId: user.id, lease, orderId: order.id, paymentId: payment.paymentId });
  } catch (error) {
    // The database's failures and attachPayment's refusals, said as they are.
    await giveBackLease();
    throw error;
  }
  return {
    clientSecret: payment.clientSecret,
    orderId: order.id,
    provider: provider.name,
    subtotal: order.subtotal,
    salesTax: order.salesTax,
    shippingCost: order.shippingCost,
    total: order.total,
    expiresAt: order.expiresAt!.toISOString(),
  };
}

/** The card processor failed or timed out: a 503 the customer can act on (try again). */
function providerUnavailable(cause: unknown) {
  return Object.assign(new AppError('unavailable', 'The payment service did not answer. Please try again.'), {
    cause,
  });
}

/**
 * A payment already made is never replaced or made twice. The cart's order may be paid while its
 * confirmation page never loaded (a lost connection, a closed tab), so the cart still holds it; and a
 * card payment may have gone through at the provider before its webhook marked the order paid, when
 * updating that order would change a paid order's lines and amount.
 */
async function refuseRepeatPayment(
  db: Executor,
  provider: PaymentProvider,
  user: SessionUser,
  cartOrderId: string | null | undefined,
) {
  const cartOrder = cartOrderId ? await findOrder(db, cartOrderId) : null;
  if (cartOrder?.userId === user.id && cartOrder.status !== 'pending' && cartOrder.status !== 'canceled') {
    throw new AppError(
      'conflict',
      `This cart was paid already: order ${cartOrder.id} is in your account. Start a new cart to order more.`,
    );
  }
  if (!provider.settlesLater) return;
  const pending = await findPendingOrderOfUser(db, user.id, { lock: false });
  if (!pending?.paymentId || pending.paymentProvider !== provider.name) return;
  let state: Awaited<ReturnType<PaymentProvider['retrieve']>>;
  try {
    state = await provider.retrieve(pending.paymentId);
  } catch (error) {
    throw providerUnavailable(error);
  }
  if (state?.status === 'succeeded' || state?.status === 'processing')
    throw paymentUnderWay(state, pending.total);
}

/** What Pay says when the payment that went through is for the cart as another tab had it. */
export const PAID_FOR_ANOTHER_CART = `A payment went through in another tab for your cart as it was before this change, so it does not match this cart. It is refunded within ${RESERVATION_MINUTES} minutes, when this order's hold on its items ends: pay for this cart after that.`;

/**
 * The order's payment went through and its webhook has not made the order paid yet. Paid for the
 * order as it stands, the webhook makes it paid; paid for the order as it was before another tab
 * changed its cart, the webhook holds it and the sweep refunds it when the reservation ends.
 */
function paymentUnderWay(state: PaymentState, orderTotal: number) {
  return new AppError(
    'conflict',
    paidAsOrdered(orderTotal, state)
      ? 'Your last payment is still being processed: your orders show it in a moment. Pay again only if it does not go through.'
      : PAID_FOR_ANOTHER_CART,
  );
}

const LATE_MESSAGE =
  'Your reservation expired and the last units were sold meanwhile; your payment is refunded.';

/** What the payer hears about a payment that did not make the order paid. */
function refusal(outcome: FulfilOutcome): AppError | null {
  if (outcome === 'refund') return new AppError('conflict', LATE_MESSAGE);
  if (outcome === 'mismatch') return new AppError('conflict', 'This payment does not match the order.');
  if (outcome === 'unknown') return new AppError('not_found', 'No such order.');
  return null;
}

/** The demo provider's card confirmation: the order's owner pays it with no card; 404 when Stripe is on. */
export async function confirmDemoPayment(
  db: Executor,
  provider: PaymentProvider,
  user: SessionUser,
  orderId: string,
  notify: Notify,
): Promise<PaymentConfirmation> {
  if (provider.name !== 'demo') throw new AppError('not_found', 'Demo payments are off.');
  const order = isUuid(orderId) ? await findOrder(db, orderId) : null;
  if (!order || order.userId !== user.id) throw new AppError('not_found', 'No such order.');
  if (order.paymentProvider !== 'demo' || !order.paymentId) {
    throw new AppError('conflict', 'This order has no demo payment; start the payment again.');
  }
  const outcome = await fulfil(db, {
    orderId,
    provider: 'demo',
    paymentId: order.paymentId,
    amount: order.total,
    currency: 'usd',
    notify,
  });
  const error = refusal(outcome);
  if (error) throw error;
  // Paid now: answered without another query, so a pool too busy to lend a connection cannot turn
  // a committed payment into a 503 the customer would take for a failure (the sale bench did).
  if (outcome === 'fulfilled') return { orderId, status: 'processing' };
  const now = (await findOrder(db, orderId)) as OrderRow;
  return { orderId, status: now.status as OrderStatus };
}

/**
 * One Stripe event, recorded (payment_events) in one transaction with its effect: succeeded
 * fulfils, payment_failed is noted, canceled cancels the pending order, a refund made in Stripe's
 * dashboard is noted on the paid order, a refund that failed and a dispute's news on its order, each
 * once. A late payment for stock that is gone is refunded after the transaction commits.
 */
export async function handleStripeEvent(
  db: Executor,
  provider: PaymentProvider,
  event: Stripe.Event,
  notify: Notify,
): Promise<void> {
  if (event.type === 'charge.refunded') return noteStripeRefund(db, event);
  if (event.type.startsWith('charge.dispute.')) return noteStripeDispute(db, event, notify);
  if (event.type === 'charge.refund.updated' || event.type === 'refund.failed') {
    return noteStripeRefundFailed(db, event.data.object, event, notify);
  }
  if (!event.type.startsWith('payment_intent.')) return;
  const intent = event.data.object as Stripe.PaymentIntent;
  const orderId = intent.metadata?.orderId;
  if (!orderId || !isUuid(orderId)) return;
  const outcome = await db.transaction(async (tx) => {
    const fresh = await recordPaymentEvent(tx, event.id, event.type);
    // fulfil is idempotent on its own, and running it again on a redelivery retries a refund whose
    // call failed the first time (the refund's idempotency key keeps it to one).
    if (event.type === 'payment_intent.succeeded') {
      return fulfil(tx, {
        orderId,
        provider: 'stripe',
        paymentId: intent.id,
        amount: intent.amount_received || intent.amount,
        currency: intent.currency,
        notify,
      });
    }
    if (!fresh) return null;
    if (event.type === 'payment_intent.payment_failed') {
      // Dated when Stripe saw it fail, not when it reached us: a delivery retried hours later must not
      // read as the failure of an attempt made since (the confirmation page tells them apart by time).
      await notePaymentFailed(
        tx,
        orderId,
        intent.last_payment_error?.message ?? 'the card was declined',
        new Date(event.created * 1000),
      );
    } else if (event.type === 'payment_intent.canceled') {
      await cancelPending(tx, {
        orderId,
        message: PAYMENT_CANCELED_MESSAGE,
        paymentId: intent.id,
        // The sweep's own cancel (abandoned) may have met a retry that renewed the reservation after
        // the sweep listed it: that order stays, and its next Pay replaces the canceled payment.
        ...(intent.cancellation_reason === 'abandoned' ? { expiredBefore: new Date() } : {}),
      });
    }
    return null;
  });
  if (outcome === 'refund') await provider.refund(intent.id, orderId);
}

/** The PaymentIntent a charge, refund or dispute belongs to, expanded or not. */
const paymentIdOf = (object: Stripe.Charge | Stripe.Refund | Stripe.Dispute) =>
  typeof object.payment_intent === 'string' ? object.payment_intent : object.payment_intent?.id;

/**
 * A refund's or a dispute's event, recorded with its effect in one transaction. One whose payment is
 * not recorded yet (the effect answers 'unpaid') is refused unrecorded, so Stripe delivers it again
 * once the payment's own event (retried meanwhile, or settled by the sweep) has made the order paid.
 */
async function recordChargeEvent(
  db: Executor,
  event: Stripe.Event,
  effect: (tx: Executor) => Promise<string>,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await recordPaymentEvent(tx, event.id, event.type))) return;
    if ((await effect(tx)) === 'unpaid') {
      throw new AppError('unavailable', 'The payment is not recorded yet: deliver this event again later.');
    }
  });
}

/** A charge refunded, in full or in part: the event carries all refunded of it when it was sent. */
async function noteStripeRefund(db: Executor, event: Stripe.Event): Promise<void> {
  const charge = event.data.object as Stripe.Charge;
  const paymentId = paymentIdOf(charge);
  if (!paymentId) return;
  await recordChargeEvent(db, event, (tx) =>
    noteRefund(tx, {
      provider: 'stripe',
      paymentId,
      refunded: charge.amount_refunded,
      at: new Date(event.created * 1000),
    }),
  );
}

/**
 * A refund that failed after Stripe took it (the card closed, the bank refused): Stripe says so with
 * charge.refund.updated (card refunds) and with refund.failed (newer API versions, any payment
 * method); an endpoint given both hears of one failure twice: each event is recorded, the refund said
 * once. charge.refund.updated also reports a refund's other changes, which are not this one's business.
 */
async function noteStripeRefundFailed(
  db: Executor,
  refund: Stripe.Refund,
  event: Stripe.Event,
  notify: Notify,
) {
  const paymentId = paymentIdOf(refund);
  if (refund.status !== 'failed' || !paymentId) return;
  await recordChargeEvent(db, event, (tx) =>
    noteRefundFailed(tx, {
      provider: 'stripe',
      paymentId,
      refundId: refund.id,
      amount: refund.amount,
      reason: refund.failure_reason ?? null,
      madeAt: new Date(refund.created * 1000),
      at: new Date(event.created * 1000),
      notify,
    }),
  );
}

/**
 * A dispute of a charge (charge.dispute.created, .updated, .closed, and its funds' events), each
 * carrying the dispute as it stands when sent.
 */
async function noteStripeDispute(db: Executor, event: Stripe.Event, notify: Notify): Promise<void> {
  const dispute = event.data.object as Stripe.Dispute;
  const paymentId = paymentIdOf(dispute);
  if (!paymentId) return;
  const dueBy = dispute.evidence_details?.due_by;
  await recordChargeEvent(db, event, (tx) =>
    noteDispute(tx, {
      provider: 'stripe',
      paymentId,
      disputeId: dispute.id,
      amount: dispute.amount,
      reason: dispute.reason,
      status: dispute.status,
      openedAt: new Date(dispute.created * 1000),
      at: new Date(event.created * 1000),
      evidenceDueBy: dueBy ? new Date(dueBy * 1000) : null,
      livemode: dispute.livemode,
      notify,
    }),
  );
}
