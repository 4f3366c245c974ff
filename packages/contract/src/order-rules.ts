import type { DeliveryMethod, OrderStatus } from './domain.ts';
import { formatCents } from './format.ts';

/**
 * The order lifecycle's plain rules (DESIGN.md section 6), shared by the server's orders module,
 * which applies them, and the dashboard, which offers only what they allow.
 */

/** A pending order holds its stock this long before the sweep may cancel it. */
export const RESERVATION_MINUTES = 30;
/** Units of one product and size in one order. */
export const MAX_LINE_QUANTITY = 10;
/** Different products and sizes in one order. */
export const MAX_ORDER_LINES = 20;
/** The smallest order total a card can pay: Stripe refuses charges under 50 cents in US dollars. */
export const MIN_ORDER_TOTAL_CENTS = 50;
/**
 * The largest: Stripe takes at most eight digits of cents in US dollars ($999,999.99). Ten of a
 * product priced near the $100,000 a price may be come to more once taxed.
 */
export const MAX_ORDER_TOTAL_CENTS = 99_999_999;

/** Where an order's lifecycle ends: handed over, or canceled. Any other status is still under way. */
export const FINISHED_STATUSES = ['delivered', 'canceled'] as const satisfies readonly OrderStatus[];

/** The statuses staff choose from once an order is paid (SPEC.md section 4). */
export const STAFF_STATUSES: Record<DeliveryMethod, readonly OrderStatus[]> = {
  pickup: ['processing', 'ready', 'delivered'],
  delivery: ['processing', 'shipped', 'delivered'],
};

/**
 * Where staff may move an order from each status: one step on, or one step back to undo a slip.
 * Delivered is final; pending and canceled move only through payments and the expiry sweep.
 */
const STAFF_TRANSITIONS: Record<DeliveryMethod, Partial<Record<OrderStatus, readonly OrderStatus[]>>> = {
  pickup: { processing: ['ready'], ready: ['processing', 'delivered'] },
  delivery: { processing: ['shipped'], shipped: ['processing', 'delivered'] },
};

/** The statuses staff may set next on an order in `from`. */
export function nextStatuses(method: DeliveryMethod, from: OrderStatus): readonly OrderStatus[] {
  return STAFF_TRANSITIONS[method][from] ?? [];
}

/** True when staff may move an order of this delivery method from `from` to `to`. */
export function canTransition(method: DeliveryMethod, from: OrderStatus, to: OrderStatus): boolean {
  return nextStatuses(method, from).includes(to);
}

/** The log line of a status change (SPEC.md section 4). */
export function statusChangeMessage(from: OrderStatus, to: OrderStatus): string {
  return `Order status updated from ${from} to ${to}`;
}

export const PAYMENT_RECEIVED_MESSAGE = 'Payment received';
export const LATE_PAYMENT_REFUNDED =
  'Paid after its reservation expired and the stock was gone: the payment was refunded';
export const MISMATCHED_PAYMENT_REFUNDED =
  'Paid an amount that did not match the order: the payment was refunded and the order canceled';

/**
 * The log line of money given back on a paid order outside the shop's own rules, by someone in
 * Stripe's dashboard: `refundedCents` is all refunded so far, as Stripe counts it.
 */
export function providerRefundMessage(refundedCents: number, totalCents: number): string {
  return refundedCents >= totalCents
    ? `${REFUNDED_IN_FULL} (${formatCents(refundedCents)})`
    : `${PARTLY_REFUNDED}: ${formatCents(refundedCents)} of ${formatCents(totalCents)} so far`;
}

const REFUNDED_IN_FULL = 'Payment refunded in full in Stripe';
const PARTLY_REFUNDED = 'Payment partly refunded in Stripe';

/**
 * The latest providerRefundMessage in the order's log (its log is in time order), or null when
 * nobody has given money back on it in Stripe's dashboard: what staff handing it over must know.
 */
export function latestProviderRefund(order: { log: readonly { message: string }[] }): string | null {
  const line = order.log.findLast(
    (entry) => entry.message.startsWith(REFUNDED_IN_FULL) || entry.message.startsWith(PARTLY_REFUNDED),
  );
  return line?.message ?? null;
}

/** Stripe's reasons for a refund that failed (`failure_reason`), in words staff and the customer read. */
const REFUND_FAILURE_REASONS = new Map([
  ['lost_or_stolen_card', 'the card was reported lost or stolen'],
  ['expired_or_canceled_card', 'the card has expired or was closed'],
  ['charge_for_pending_refund_disputed', 'the customer disputed the payment while the refund was under way'],
  ['insufficient_funds', 'there were not enough funds to pay it out'],
  ['declined', "the customer's bank refused it"],
  ['merchant_request', "it was canceled at the shop's request"],
]);

const REFUND_FAILED = 'Refund of ';

/**
 * The log line, and the order's attention, of a refund Stripe took and then could not pay out (the
 * card closed, the bank refused it): Stripe puts the money back in the shop's balance and lowers
 * what the charge counts as refunded, so someone at the shop has to pay the customer back.
 */
export function refundFailedMessage(amountCents: number, reason: string | null | undefined): string {
  const why =
    !reason || reason === 'unknown'
      ? 'Stripe gave no reason'
      : (REFUND_FAILURE_REASONS.get(reason) ?? `Stripe's reason: ${reason.replaceAll('_', ' ')}`);
  return `${REFUND_FAILED}${formatCents(amountCents)} failed (${why}): the money is back in the shop's Stripe balance, and the customer must be refunded another way`;
}

/** Whether this text (a log line, an order's attention) is a failed refund's (refundFailedMessage). */
export function isRefundFailedMessage(text: string | null | undefined): boolean {
  return !!text?.startsWith(REFUND_FAILED) && text.includes(' failed (');
}

/**
 * Whether a canceled order's payment went through and was refunded (it came after the reservation
 * lapsed and the stock was gone, or did not match the order), rather than never being made. A
 * refund that failed afterwards is not a refund: see refundOfPaymentFailed.
 */
export function paymentRefunded(order: {
  status: OrderStatus;
  log: readonly { message: string }[];
}): boolean {
  return (
    order.status === 'canceled' &&
    order.log.some(
      (entry) => entry.message === LATE_PAYMENT_REFUNDED || entry.message === MISMATCHED_PAYMENT_REFUNDED,
    )
  );
}

/**
 * Whether the refund of a canceled order's payment (paymentRefunded) failed afterwards: the money is
 * with the shop, not back with the customer.
 */
export function refundOfPaymentFailed(order: {
  status: OrderStatus;
  log: readonly { message: string }[];
}): boolean {
  return paymentRefunded(order) && order.log.some((entry) => isRefundFailedMessage(entry.message));
}

const PAID_BACK = /^Paid back \$[\d,]+\.\d\d another way: /;

/**
 * The log line written once staff have paid back a customer whose refunds failed (`cents` in all)
 * another way, with their note (cash at the counter, a bank transfer): the customer reads it in
 * their order's history.
 */
export function paidBackMessage(cents: number, note: string): string {
  return `Paid back ${formatCents(cents)} another way: ${note}`;
}

/**
 * How the shop paid the customer back after a refund of this canceled order's payment failed, as
 * staff wrote it (the latest such line); null while it has not.
 */
export function paidBackNote(order: {
  status: OrderStatus;
  log: readonly { message: string }[];
}): string | null {
  if (!refundOfPaymentFailed(order)) return null;
  const line = order.log.findLast((entry) => PAID_BACK.test(entry.message));
  return line ? line.message.replace(PAID_BACK, '') : null;
}

const PAYMENT_FAILED = 'Payment failed: ';

/** The log line of a failed payment attempt, with the processor's reason ("Your card was declined."). */
export function paymentFailedMessage(reason: string): string {
  return `${PAYMENT_FAILED}${reason}`;
}

/**
 * Why the latest payment attempt on a pending order failed, or null when none did. The order's date
 * is its latest attempt (each checkout dates it anew), so a failure logged before it is of an attempt
 * the customer has since retried. Failures are dated by the card processor, to the second: the
 * attempt's own second counts.
 */
export function latestPaymentFailure(order: {
  status: OrderStatus;
  date: string;
  log: readonly { at: string; message: string }[];
}): string | null {
  if (order.status !== 'pending') return null;
  const since = Math.floor(Date.parse(order.date) / 1000) * 1000;
  const failure = order.log.findLast(
    (entry) => entry.message.startsWith(PAYMENT_FAILED) && Date.parse(entry.at) >= since,
  );
  return failure ? failure.message.slice(PAYMENT_FAILED.length) : null;
}

/** A rate's exact unit: whole millionths (8.875% is 88,750 of them). */
const RATE_UNITS = 1_000_000;

/**
 * Sales tax in cents: round(subtotal x rate), half a cent up, DESIGN.md section 6. The product is
 * taken in whole millionths of the rate: in binary floating point 200 x 0.0725 is 14.4999…, which
 * rounded to 14 cents where the shop owes 15.
 */
export function salesTaxCents(subtotalCents: number, rate: number): number {
  return Math.round((subtotalCents * Math.round(rate * RATE_UNITS)) / RATE_UNITS);
}
