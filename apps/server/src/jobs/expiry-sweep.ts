import { MISMATCHED_PAYMENT_REFUNDED } from '@barbershop/contract';
import type { Executor } from '@barbershop/db';
import { listExpiredPendingOrders } from '../modules/orders/lifecycle.repository.ts';
import {
  cancelPending,
  fulfil,
  type Notify,
  queueMismatchRefundedEmail,
  RESERVATION_EXPIRED_MESSAGE,
} from '../modules/orders/order-lifecycle.ts';
import type { PaymentProvider } from '../modules/payments/payment-provider.ts';

/** A pending order past its reservation, as the sweep lists it. */
type ExpiredOrder = Awaited<ReturnType<typeof listExpiredPendingOrders>>[number];

/**
 * Cancels pending orders past their reservation and returns their stock, once the provider says
 * their payment did not succeed: a payment that did is fulfilled instead (refunded, and the order
 * canceled, when it does not match the order's total), one still processing is left for the next
 * round, an open one is canceled at the provider first so it cannot succeed later. Two sweeps at
 * once cancel each order once (cancelPending claims it). Answers how many it canceled; an order it
 * could not settle does not stop the others, and the round then fails naming each such order.
 */
export async function sweepExpiredOrders(
  db: Executor,
  provider: PaymentProvider,
  notify: Notify,
  at = new Date(),
): Promise<number> {
  let canceled = 0;
  const failures: Error[] = [];
  for (const order of await listExpiredPendingOrders(db, at, 100)) {
    try {
      if (await settleExpired(db, provider, notify, order, at)) canceled += 1;
    } catch (error) {
      // Listed oldest first: an order that fails every round (the provider refusing it) would
      // otherwise keep every order behind it, and their units, held for good.
      failures.push(new Error(`order ${order.id}: ${(error as Error).message}`, { cause: error }));
    }
  }
  if (failures.length) {
    throw new AggregateError(
      failures,
      `The expiry sweep canceled ${canceled} and could not settle ${failures.length}: ${failures.map((f) => f.message).join('; ')}`,
    );
  }
  return canceled;
}

/** Settles one lapsed order; true when it canceled it. */
async function settleExpired(
  db: Executor,
  provider: PaymentProvider,
  notify: Notify,
  order: ExpiredOrder,
  at: Date,
): Promise<boolean> {
  if (order.paymentId && order.paymentProvider === provider.name) {
    let state = await provider.retrieve(order.paymentId);
    if (state && state.status !== 'succeeded' && state.status !== 'canceled') {
      state = await provider.cancel(order.paymentId);
    }
    if (state?.status === 'succeeded') {
      const outcome = await fulfil(db, {
        orderId: order.id,
        provider: provider.name,
        paymentId: order.paymentId,
        amount: state.amount,
        currency: state.currency,
        notify,
      });
      if (outcome === 'refund') await provider.refund(order.paymentId, order.id);
      // Paid, but not this order's total (the cart changed in another tab as the card went
      // through): kept pending it would hold its units and come back every round, forever.
      if (outcome !== 'mismatch') return false;
      await provider.refund(order.paymentId, order.id);
      const canceled = await cancelPending(db, {
        orderId: order.id,
        message: MISMATCHED_PAYMENT_REFUNDED,
        expiredBefore: at,
        paymentId: order.paymentId,
      });
      if (canceled) await queueMismatchRefundedEmail(db, order.id, notify, state);
      return canceled;
    }
    if (state?.status === 'processing') return false;
  }
  return cancelPending(db, { orderId: order.id, message: RESERVATION_EXPIRED_MESSAGE, expiredBefore: at });
}
