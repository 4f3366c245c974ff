import { describe, expect, it } from 'vitest';
import { type OrderEmailFacts, orderConfirmationEmail, paidOrderAlertEmail } from './order-emails.ts';

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
});
