import type { DisputeView, OrderEmail, OrderView } from '@barbershop/contract';
import {
  LATE_PAYMENT_REFUNDED,
  paidBackMessage,
  providerRefundMessage,
  refundFailedMessage,
} from '@barbershop/contract';
import { describe, expect, it } from 'vitest';
import { renderedRouteText, testUser } from '../../lib/testing.ts';
import * as orderPage from './order.tsx';

const ORDER_ID = '5d0b2c1e-7f3a-4b8e-9c6d-2a1f0e9d8c7b';
const STAFF = testUser(1, 'Sam Staff', '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b');

function order(
  attention: string | null,
  needsAttention = attention !== null,
  log: string[] = [],
  dispute: DisputeView | null = null,
): OrderView {
  const at = '2026-11-27T10:00:00.000Z';
  return {
    _id: ORDER_ID,
    date: at,
    status: 'processing',
    total: 2500,
    deliveryMethod: 'pickup',
    user: { gid: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e', name: 'Casey Customer', email: 'casey@example.com' },
    subtotal: 2500,
    salesTax: 0,
    shippingCost: 0,
    shipping: null,
    products: [],
    log: ['Payment received', ...log].map((message) => ({ at, message, actor: null })),
    attention,
    needsAttention: needsAttention || !!dispute?.needsResponse,
    paybackDue: needsAttention,
    dispute,
  };
}

/** The staff order page as the server renders it (`query`: the address's), the API answering `answer` for the order. */
function orderPageText(answer: OrderView, query = ''): Promise<string> {
  return renderedRouteText(
    { ...orderPage, path: '/dashboard/orders/:orderId' },
    `/dashboard/orders/${ORDER_ID}${query}`,
    (path) => (path.startsWith('/users/me') ? STAFF : path.startsWith('/audit') ? [] : answer),
  );
}

describe('the staff order page', () => {
  it('says why the order needs staff, above everything else about it', async () => {
    const failed = refundFailedMessage(2000, 'expired_or_canceled_card');
    const text = await orderPageText(order(failed));
    expect(text).toContain(`Needs attention ${failed}`);
    expect(text.indexOf('Needs attention')).toBeLessThan(text.indexOf('Payment received'));
  });

  it('asks how the customer was paid back while a failed refund waits on staff', async () => {
    const failed = refundFailedMessage(2000, 'declined');
    const text = await orderPageText(order(failed));
    expect(text).toContain('How was the customer paid back? (required)');
    expect(text).toContain('Mark as paid back');
  });

  it('says what happened as a note, asking nothing, once staff settled it or when it settled itself', async () => {
    const failed = refundFailedMessage(2000, 'declined');
    const settled = await orderPageText(order(failed, false, [failed, paidBackMessage(2000, 'Cash')]));
    expect(settled).toContain(`Payment note ${failed}`);
    expect(settled).not.toContain('Needs attention');
    expect(settled).not.toContain('Mark as paid back');
    const late = await orderPageText(order(LATE_PAYMENT_REFUNDED, false));
    expect(late).toContain(`Payment note ${LATE_PAYMENT_REFUNDED}`);
    expect(late).not.toContain('Needs attention');
  });

  it('says nothing of attention for an order that needs none', async () => {
    const text = await orderPageText(order(null));
    expect(text).not.toContain('Needs attention');
    expect(text).not.toContain('Payment note');
  });

  const dispute = (status: DisputeView['status'], needsResponse: boolean): DisputeView => ({
    amount: 2500,
    reason: 'the card holder says the goods never came',
    status,
    needsResponse,
    evidenceDueBy: needsResponse ? '2026-12-04T23:59:59.000Z' : null,
    answerUrl: 'https://dashboard.stripe.com/disputes/dp_1',
    openedAt: '2026-11-27T10:00:00.000Z',
  });

  it("lists the order's emails and whether each went out, for a customer who says one never came", async () => {
    const email = (
      subject: string,
      state: OrderEmail['state'],
      attempts: number,
      to = 'casey@example.com',
    ) => ({
      to,
      subject,
      queuedAt: '2026-11-27T10:00:00.000Z',
      state,
      at: '2026-11-27T17:30:00.000Z',
      attempts,
    });
    const text = await orderPageText({
      ...order(null),
      emails: [
        email(`Order confirmed: ${ORDER_ID}`, 'sent', 1),
        email(`Ready for pickup: ${ORDER_ID}`, 'refused', 1),
        email(`Not ready for pickup yet: ${ORDER_ID}`, 'retrying', 2),
        email(`New pickup code: ${ORDER_ID}`, 'waiting', 1, ''),
      ],
    });
    expect(text).toContain(
      `Emails A customer without their email can sign in and open this order from ORDERS`,
    );
    expect(text).toContain(
      `Order confirmed: ${ORDER_ID} To casey@example.com Sent Nov 27, 2026, 5:30 PM UTC.`,
    );
    expect(text).toContain(
      `Ready for pickup: ${ORDER_ID} To casey@example.com Refused by the mail server Nov 27, 2026, 5:30 PM UTC, and not tried again: check the address with the customer.`,
    );
    expect(text).toContain(
      'Not sent yet: the mail server could not be reached (2 tries); next try Nov 27, 2026, 5:30 PM UTC.',
    );
    expect(text).toContain(`New pickup code: ${ORDER_ID} To an address since erased Waiting to be sent.`);
    expect(await orderPageText({ ...order(null), emails: [] })).toContain('No emails about this order.');
  });

  describe('a dispute of the payment', () => {
    it('says by when to answer it in Stripe and links there, first on the page', async () => {
      const html = await orderPageText(order(null, false, [], dispute('needs_response', true)));
      expect(html).toContain(
        "Needs attention: payment disputed The card holder's bank disputes $25.00 of the payment: the card holder says the goods never came. Answer in Stripe by Dec 4, 2026, 11:59 PM UTC;",
      );
      expect(html).toContain(
        'unanswered, the bank decides for the card holder. The goods have not been handed over: keep them until the bank decides.',
      );
      expect(html).toContain('Answer the dispute in Stripe');
      const delivered = await orderPageText({
        ...order(null, false, [], dispute('needs_response', true)),
        status: 'delivered',
      });
      expect(delivered).toContain(
        "with what shows the customer had the goods (this order's history says when they were handed over)",
      );
      expect(delivered).not.toContain('keep them until the bank decides');
      expect(html.indexOf('payment disputed')).toBeLessThan(html.indexOf('Payment received'));
      expect(html).not.toContain('Mark as paid back');
    });

    it('asks for the paid-back note of a failed refund beside it, and is a note once the bank decides', async () => {
      const failed = refundFailedMessage(2000, 'declined');
      const both = await orderPageText(order(failed, true, [failed], dispute('needs_response', true)));
      expect(both).toContain('Needs attention: payment disputed');
      expect(both).toContain('Mark as paid back');
      const lost = await orderPageText(order(null, false, [], dispute('lost', false)));
      expect(lost).toContain(
        'Dispute lost The bank decided for the card holder and took back $25.00, which the revenue no longer counts.',
      );
      expect(lost).toContain('See the dispute in Stripe');
      expect(lost).not.toContain('Needs attention');
    });
  });

  describe('the handover of a ready pickup order', () => {
    const ready = (log: string[], disputed: DisputeView | null = null): OrderView => ({
      ...order(null, false, log, disputed),
      status: 'ready',
    });
    const cautions = (text: string) => /Hand over the order (.*?)Pickup code \(required\)/.exec(text)?.[1];

    it('says in its dialog, before the code, what was given back in Stripe and what the bank disputes', async () => {
      // Partly, then the rest: the latest line says where it stands.
      const log = [providerRefundMessage(1000, 2500), providerRefundMessage(2500, 2500)];
      expect(cautions(await orderPageText(ready(log)))).toBe(
        'Before you hand it over Payment refunded in full in Stripe ($25.00): check with the customer that the order is still theirs to collect. ',
      );
      expect(cautions(await orderPageText(ready([], dispute('under_review', false))))).toBe(
        "Before you hand it over The card holder's bank disputes $25.00 of this payment and has not decided: keep the goods until it does. ",
      );
      expect(cautions(await orderPageText(ready([], dispute('lost', false))))).toBe(
        "Before you hand it over The card holder's bank took back $25.00 of this payment. ",
      );
    });

    it('asks only for the code of an order paid and kept, or whose dispute the shop won', async () => {
      expect(cautions(await orderPageText(ready([])))).toBe('');
      expect(cautions(await orderPageText(ready([], dispute('won', false))))).toBe('');
    });
  });

  it("opened from a customer's QR code, says why there is nothing to hand over when the order is not ready", async () => {
    const scanned = async (status: OrderView['status']) => {
      const text = await orderPageText({ ...order(null), status }, '?code=123456');
      return /Scanned pickup code: (.*?) (?:Status|Date) /.exec(text)?.[1] ?? null;
    };
    expect(await scanned('delivered')).toBe(
      'This order has been handed over already (its history says when): the scanned code was used.',
    );
    expect(await scanned('processing')).toBe(
      'This order is not ready for pickup, so the scanned code no longer works. The customer gets a new code when it is ready.',
    );
    expect(await scanned('canceled')).toBe('This order was canceled: there is nothing to hand over.');
    expect(await scanned('ready')).toBeNull();
    expect(await orderPageText({ ...order(null), status: 'delivered' })).not.toContain('Scanned pickup code');
  });
});
