import { describe, expect, it } from 'vitest';
import { DELIVERY_METHODS, ORDER_STATUSES } from './domain.ts';
import { dollarsToCents } from './format.ts';
import {
  canTransition,
  isRefundFailedMessage,
  LATE_PAYMENT_REFUNDED,
  latestPaymentFailure,
  MISMATCHED_PAYMENT_REFUNDED,
  nextStatuses,
  paymentFailedMessage,
  paymentRefunded,
  refundFailedMessage,
  refundOfPaymentFailed,
  salesTaxCents,
  statusChangeMessage,
} from './order-rules.ts';

describe('order rules', () => {
  it('lets staff move a pickup order one step at a time, delivered being final', () => {
    expect(nextStatuses('pickup', 'processing')).toEqual(['ready']);
    expect(nextStatuses('pickup', 'ready')).toEqual(['processing', 'delivered']);
    expect(nextStatuses('pickup', 'delivered')).toEqual([]);
    expect(canTransition('pickup', 'processing', 'shipped')).toBe(false);
    expect(canTransition('pickup', 'pending', 'processing')).toBe(false);
  });

  it('allows exactly these moves, of every pair of statuses for each delivery method', () => {
    const allowed = new Set([
      'pickup processing>ready',
      'pickup ready>processing',
      'pickup ready>delivered',
      'delivery processing>shipped',
      'delivery shipped>processing',
      'delivery shipped>delivered',
    ]);
    for (const method of DELIVERY_METHODS)
      for (const from of ORDER_STATUSES)
        for (const to of ORDER_STATUSES)
          expect([`${method} ${from}>${to}`, canTransition(method, from, to)]).toEqual([
            `${method} ${from}>${to}`,
            allowed.has(`${method} ${from}>${to}`),
          ]);
  });

  it('uses shipped instead of ready for delivery orders', () => {
    expect(canTransition('delivery', 'processing', 'shipped')).toBe(true);
    expect(canTransition('delivery', 'processing', 'ready')).toBe(false);
    expect(canTransition('delivery', 'shipped', 'delivered')).toBe(true);
  });

  it('rounds tax half away from zero on cents and converts dollars exactly', () => {
    expect(salesTaxCents(12_345, 0.029)).toBe(358);
    expect(salesTaxCents(0, 0.029)).toBe(0);
    // Half a cent exactly, which binary floating point puts just under or over the half.
    expect(salesTaxCents(200, 0.0725)).toBe(15);
    expect(salesTaxCents(1_400, 0.0875)).toBe(123);
    expect(salesTaxCents(1_000, 0.08875)).toBe(89);
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.29)).toBe(29);
  });

  it('writes the log line of SPEC.md section 4', () => {
    expect(statusChangeMessage('processing', 'ready')).toBe('Order status updated from processing to ready');
  });

  it("reads why a pending order's latest payment attempt failed, and forgets it once the customer tries again", () => {
    const attempt = '2026-11-26T10:00:00.000Z';
    const failed = {
      at: '2026-11-26T10:01:00.000Z',
      message: paymentFailedMessage('Your card was declined.'),
    };
    expect(latestPaymentFailure({ status: 'pending', date: attempt, log: [failed] })).toBe(
      'Your card was declined.',
    );
    // A new checkout dates the order anew: the failure was of the attempt before.
    expect(
      latestPaymentFailure({ status: 'pending', date: '2026-11-26T10:05:00.000Z', log: [failed] }),
    ).toBeNull();
    expect(latestPaymentFailure({ status: 'pending', date: attempt, log: [] })).toBeNull();
    // Declined within the attempt's second: the processor's date has no milliseconds.
    expect(
      latestPaymentFailure({
        status: 'pending',
        date: '2026-11-26T10:00:00.700Z',
        log: [{ at: '2026-11-26T10:00:00.000Z', message: paymentFailedMessage('Insufficient funds.') }],
      }),
    ).toBe('Insufficient funds.');
    // Paid after a declined card: nothing failed that matters.
    expect(latestPaymentFailure({ status: 'processing', date: attempt, log: [failed] })).toBeNull();
  });

  it('tells a canceled order whose payment was refunded from one never paid', () => {
    const line = (message: string) => ({ message });
    expect(paymentRefunded({ status: 'canceled', log: [line(LATE_PAYMENT_REFUNDED)] })).toBe(true);
    expect(paymentRefunded({ status: 'canceled', log: [line(MISMATCHED_PAYMENT_REFUNDED)] })).toBe(true);
    expect(paymentRefunded({ status: 'canceled', log: [line('Reservation expired; order canceled')] })).toBe(
      false,
    );
    // Held for a mismatch but not yet refunded: still pending.
    expect(paymentRefunded({ status: 'pending', log: [line(MISMATCHED_PAYMENT_REFUNDED)] })).toBe(false);
  });

  it("says a failed refund's amount and Stripe's reason in words, and that the customer is still owed it", () => {
    const owed =
      "the money is back in the shop's Stripe balance, and the customer must be refunded another way";
    expect(refundFailedMessage(2000, 'expired_or_canceled_card')).toBe(
      `Refund of $20.00 failed (the card has expired or was closed): ${owed}`,
    );
    expect(refundFailedMessage(150, 'declined')).toBe(
      `Refund of $1.50 failed (the customer's bank refused it): ${owed}`,
    );
    // A reason Stripe adds later is said as it comes; none, or 'unknown', is said so.
    expect(refundFailedMessage(150, 'new_reason')).toContain("(Stripe's reason: new reason)");
    expect(refundFailedMessage(150, 'unknown')).toContain('(Stripe gave no reason)');
    expect(refundFailedMessage(150, null)).toContain('(Stripe gave no reason)');
    // Not a key of some object's prototype either.
    expect(refundFailedMessage(150, 'constructor')).toContain("(Stripe's reason: constructor)");
    expect(isRefundFailedMessage(refundFailedMessage(150, 'declined'))).toBe(true);
    expect(isRefundFailedMessage(LATE_PAYMENT_REFUNDED)).toBe(false);
    expect(isRefundFailedMessage(null)).toBe(false);
  });

  it('tells a refunded canceled order whose refund then failed from one whose refund stands', () => {
    const line = (message: string) => ({ message });
    const failed = line(refundFailedMessage(2000, 'declined'));
    expect(refundOfPaymentFailed({ status: 'canceled', log: [line(LATE_PAYMENT_REFUNDED), failed] })).toBe(
      true,
    );
    expect(
      refundOfPaymentFailed({ status: 'canceled', log: [line(MISMATCHED_PAYMENT_REFUNDED), failed] }),
    ).toBe(true);
    expect(refundOfPaymentFailed({ status: 'canceled', log: [line(LATE_PAYMENT_REFUNDED)] })).toBe(false);
    // A refund made in Stripe's dashboard of a paid order that failed: not the confirmation page's refund.
    expect(refundOfPaymentFailed({ status: 'processing', log: [failed] })).toBe(false);
  });
});
