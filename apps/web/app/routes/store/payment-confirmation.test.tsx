import type { Order } from '@barbershop/contract';
import {
  LATE_PAYMENT_REFUNDED,
  MISMATCHED_PAYMENT_REFUNDED,
  paidBackMessage,
  refundFailedMessage,
} from '@barbershop/contract';
import { describe, expect, it } from 'vitest';
import { renderedRouteText, testUser } from '../../lib/testing.ts';
import * as confirmation from './payment-confirmation.tsx';

const ORDER_ID = '0b6f3c52-5a4e-4d8e-9a55-6d1f4f6f2a10';
const CUSTOMER = testUser(0, 'Casey Customer', '6a0f7e2b-3d0c-4c59-8a8e-0f6f8d2b9c11');

function order(status: Order['status'], log: string[]): Order {
  const at = '2026-11-27T10:00:00.000Z';
  return {
    _id: ORDER_ID,
    date: at,
    status,
    total: 2500,
    deliveryMethod: 'pickup',
    user: { gid: CUSTOMER.gid, name: CUSTOMER.name, email: CUSTOMER.email },
    subtotal: 2500,
    salesTax: 0,
    shippingCost: 0,
    shipping: null,
    products: [],
    log: log.map((message) => ({ at, message, actor: null })),
  };
}

/** The page as the server renders it for the signed-in customer whose order the API answers. */
function confirmationText(answer: Order, query = ''): Promise<string> {
  return renderedRouteText(
    { ...confirmation, path: '/payment-confirmation' },
    `/payment-confirmation?orderId=${ORDER_ID}${query}`,
    (path) => (path.startsWith('/users/me') ? CUSTOMER : answer),
  );
}

describe('the payment confirmation page', () => {
  it('says a payment that came too late, or for the wrong amount, was refunded, not that nothing was charged', async () => {
    for (const message of [LATE_PAYMENT_REFUNDED, MISMATCHED_PAYMENT_REFUNDED]) {
      const text = await confirmationText(order('canceled', [message]));
      expect(text).toContain('Payment Refunded');
      expect(text).toContain('it was refunded in full');
      expect(text).not.toContain('nothing was charged');
    }
  });

  it('does not say the payment was refunded when the refund failed afterwards', async () => {
    const failed = refundFailedMessage(2500, 'expired_or_canceled_card');
    for (const message of [LATE_PAYMENT_REFUNDED, MISMATCHED_PAYMENT_REFUNDED]) {
      const text = await confirmationText(order('canceled', [message, failed]));
      expect(text).toContain('Refund Not Completed');
      expect(text).toContain('your bank or card issuer turned the refund down');
      expect(text).toContain('The shop will pay you back another way.');
      expect(text).not.toContain('Payment Refunded');
      expect(text).not.toContain('refunded in full');
      expect(text).not.toContain('nothing was charged');
    }
  });

  it('says the shop paid the customer back another way once staff said how', async () => {
    const failed = refundFailedMessage(2500, 'declined');
    const text = await confirmationText(
      order('canceled', [LATE_PAYMENT_REFUNDED, failed, paidBackMessage(2500, 'Cash at the counter')]),
    );
    expect(text).toContain('Payment Returned');
    expect(text).toContain('so the shop paid you back another way.');
    expect(text).toContain("The shop's note: Cash at the counter");
    expect(text).not.toContain('Refund Not Completed');
    expect(text).not.toContain('will pay you back');
  });

  it('says nothing was charged when the order was canceled unpaid', async () => {
    // The expiry sweep's line.
    const text = await confirmationText(order('canceled', ['Reservation expired; order canceled']));
    expect(text).toContain('Payment Not Completed');
    expect(text).toContain('The payment did not go through, and nothing was charged.');
  });

  it("believes the provider's return address that a payment failed only while the order awaits payment", async () => {
    const failed = '&redirect_status=failed';
    const paid = await confirmationText(order('processing', ['Payment received']), failed);
    expect(paid).toContain('Order Confirmed');
    expect(paid).not.toContain('Payment Not Completed');
    const unpaid = await confirmationText(order('pending', []), failed);
    expect(unpaid).toContain('Payment Not Completed');
    expect(unpaid).toContain('nothing was charged');
  });
});
