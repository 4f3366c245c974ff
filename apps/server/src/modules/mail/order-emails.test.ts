import { refundFailedMessage } from '@barbershop/contract';
import { describe, expect, it } from 'vitest';
import {
  type OrderEmailFacts,
  orderConfirmationEmail,
  paidOrderAlertEmail,
  refundFailedAlertEmail,
} from './order-emails.ts';

// Paid at 7:30 PM on Nov 25 in Colorado Springs: already Nov 26 in UTC.
const facts = (timeZone: string): OrderEmailFacts => ({
  order: {
    id: 'ord_1',
    updatedAt: new Date('2026-11-26T02:30:00Z'),
    subtotal: 4000,
    salesTax: 0,
    shippingCost: 0,
    total: 4000,
  },
  lines: [{ name: 'Logo Hoodie', size: 'Medium', quantity: 1, unitPrice: 4000 }],
  customer: { name: 'Casey', email: 'casey@example.com' },
  shop: null,
  publicUrl: 'https://shop.example',
  timeZone,
});

describe('order emails', () => {
  it("date the payment by the shop's day", () => {
    expect(orderConfirmationEmail(facts('America/Denver')).html).toContain(
      'We received your payment on Nov 25, 2026.',
    );
    expect(paidOrderAlertEmail(facts('America/Denver'), 'owner@example.com').html).toContain(
      '<strong>Paid:</strong> Nov 25, 2026',
    );
    expect(orderConfirmationEmail(facts('UTC')).html).toContain('We received your payment on Nov 26, 2026.');
  });

  it("tell the shop a refund failed, what to do, and where, in both parts, the customer's name escaped", () => {
    const message = refundFailedMessage(4000, 'declined');
    const mail = refundFailedAlertEmail(
      { ...facts('UTC'), customer: { name: 'Casey <b>', email: 'casey@example.com' } },
      'owner@example.com',
      message,
    );
    expect(mail).toMatchObject({ to: 'owner@example.com', subject: 'Refund failed: order ord_1' });
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Refund of $40.00 failed (the customer');
      expect(part).toContain('https://shop.example/dashboard/orders/ord_1');
    }
    expect(mail.text).toContain(
      "Once the customer is paid back, say how on the order's page in the dashboard.",
    );
    expect(mail.html).toContain('Casey &lt;b&gt;');
    expect(mail.html).not.toContain('<b>');
  });
});
