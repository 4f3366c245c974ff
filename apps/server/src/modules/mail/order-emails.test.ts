import { refundFailedMessage } from '@barbershop/contract';
import { SHOP } from '@barbershop/db/sample-data';
import { describe, expect, it } from 'vitest';
import {
  disputeAlertEmail,
  type OrderEmailFacts,
  orderConfirmationEmail,
  orderNotReadyEmail,
  orderReadyEmail,
  paidOrderAlertEmail,
  paymentRefundedEmail,
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

  // A shop with its settings filled in, and an order of two lines with tax, as a real one reads.
  const shopFacts = (): OrderEmailFacts => ({
    ...facts('America/Denver'),
    order: { ...facts('UTC').order, subtotal: 13497, salesTax: 391, shippingCost: 0, total: 13888 },
    lines: [
      { name: 'Logo Hoodie', size: 'Medium', quantity: 2, unitPrice: 5500 },
      { name: 'Barber Pole Tee', size: 'Large', quantity: 1, unitPrice: 2497 },
    ],
    shop: { ...SHOP, name: "Marco's Barbershop" },
  });
  const alerts = () => [
    paidOrderAlertEmail(shopFacts(), 'owner@example.com'),
    refundFailedAlertEmail(shopFacts(), 'owner@example.com', refundFailedMessage(2497, 'declined')),
  ];

  it('name an erased customer to the shop without an empty address', () => {
    const erased = { ...shopFacts(), customer: { name: 'Deleted customer', email: '' } };
    const mail = refundFailedAlertEmail(erased, 'owner@example.com', refundFailedMessage(2497, 'declined'));
    expect(mail.text).toContain('\nCustomer: Deleted customer\n');
    expect(mail.html).toContain('<strong>Customer:</strong> Deleted customer</p>');
  });

  it("list the order's lines to the shop as what the customer ordered, not as what the reader bought", () => {
    for (const mail of alerts()) {
      expect(mail.html).not.toContain('What you bought');
      expect(mail.html).toContain('>What the customer ordered</caption>');
    }
    expect(orderConfirmationEmail(shopFacts()).html).toContain('>What you bought</caption>');
  });

  it("tell the shop when an order was paid to the minute, on the shop's clock with its zone, in both parts", () => {
    const mail = paidOrderAlertEmail(shopFacts(), 'owner@example.com');
    expect(mail.text).toContain('Paid: Nov 25, 2026, 7:30 PM MST');
    expect(mail.html).toContain('<strong>Paid:</strong> Nov 25, 2026, 7:30 PM MST');
  });

  it('say in the plain-text confirmation when the payment was received, as its HTML does', () => {
    const mail = orderConfirmationEmail(shopFacts());
    expect(mail.html).toContain('We received your payment on Nov 25, 2026.');
    expect(mail.text).toContain('We received your payment on Nov 25, 2026.');
  });

  it("give the amounts in checkout's and the order page's order: subtotal, shipping, sales tax, total", () => {
    for (const mail of [
      orderConfirmationEmail(shopFacts()),
      orderReadyEmail(shopFacts(), '123456'),
      ...alerts(),
    ]) {
      expect(mail.text).toContain('Subtotal: $134.97\nShipping: $0.00\nSales tax: $3.91\nTotal: $138.88');
      const labels = [...mail.html.matchAll(/<th scope="row"[^>]*>([^<]+)<\/th>/g)].map((match) => match[1]);
      expect(labels).toEqual(['Subtotal', 'Shipping', 'Sales tax', 'Total']);
    }
  });

  it("give each line's unit price and its total, in both parts, as the cart and the order page do", () => {
    for (const mail of [
      orderConfirmationEmail(shopFacts()),
      orderReadyEmail(shopFacts(), '123456'),
      ...alerts(),
    ]) {
      expect(mail.text).toContain(
        '- Logo Hoodie (Medium): 2 × $55.00 = $110.00\n- Barber Pole Tee (Large): 1 × $24.97 = $24.97\n',
      );
      const cells = (tag: string) =>
        [...mail.html.matchAll(new RegExp(`<${tag} [^>]*>(.*?)</${tag}>`, 'g'))].map((match) => match[1]);
      expect(cells('th').slice(0, 4)).toEqual(['Item', 'Unit price', 'Quantity', 'Line total']);
      expect(cells('td').slice(0, 8)).toEqual([
        'Logo Hoodie<br>Size Medium',
        '$55.00',
        '2',
        '$110.00',
        'Barber Pole Tee<br>Size Large',
        '$24.97',
        '1',
        '$24.97',
      ]);
      // The amounts' labels span the line columns, their sums under the line totals.
      expect(mail.html).toContain('<th scope="row" colspan="3"');
    }
  });

  it('tell the customer how to reach the shop, as their emails come from an address that takes no replies', () => {
    for (const mail of [
      orderConfirmationEmail(shopFacts()),
      orderReadyEmail(shopFacts(), '123456'),
      orderNotReadyEmail(shopFacts()),
    ]) {
      expect(mail.text).toContain(
        "Questions about your order? Call Marco's Barbershop at (719) 555-0142 or email hello@goldstandardbarbers.example.",
      );
      expect(mail.html).toContain('<a href="tel:+17195550142" style="color: #5c4300;">(719) 555-0142</a>');
      expect(mail.html).toContain(
        '<a href="mailto:hello@goldstandardbarbers.example" style="color: #5c4300;">hello@goldstandardbarbers.example</a>',
      );
    }
  });

  it('tell the customer how much was refunded, in both parts, and no dollar figure for a payment in another currency', () => {
    const mail = paymentRefundedEmail(shopFacts(), 'late', { amount: 13888, currency: 'usd' });
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('so we refunded it in full ($138.88) and canceled the order.');
      expect(part).toContain('A refund takes 5 to 10 business days to reach your card.');
    }
    const euros = paymentRefundedEmail(shopFacts(), 'mismatch', { amount: 13888, currency: 'eur' });
    expect(euros.text).toContain('so we refunded it in full and canceled the order.');
    expect(euros.text).not.toContain('$');
  });

  it("give the shop's opening hours from its settings in the ready email, and none the shop has not set", () => {
    const hours = {
      ...SHOP.hours,
      wednesday: [
        ['09:00', '12:00'],
        ['13:00', '18:00'],
      ] as [string, string][],
    };
    const mail = orderReadyEmail({ ...shopFacts(), shop: { ...SHOP, hours } }, '123456');
    expect(mail.text).toContain(
      [
        'Opening hours:',
        'Monday: Closed',
        'Tuesday: 9:00 AM – 6:00 PM',
        'Wednesday: 9:00 AM – 12:00 PM, 1:00 PM – 6:00 PM',
        'Thursday: 9:00 AM – 8:00 PM',
        'Friday: 9:00 AM – 8:00 PM',
        'Saturday: 8:00 AM – 4:00 PM',
        'Sunday: Closed',
      ].join('\n'),
    );
    expect(mail.html).toContain('<h2 style="font-size: 18px;">Opening hours</h2>');
    expect(mail.html).toContain('Wednesday: 9:00 AM – 12:00 PM, 1:00 PM – 6:00 PM<br>');
    const unset = Object.fromEntries(Object.keys(hours).map((day) => [day, []])) as unknown as typeof hours;
    const without = orderReadyEmail({ ...shopFacts(), shop: { ...SHOP, hours: unset } }, '123456');
    expect(without.text).not.toContain('Opening hours');
    expect(without.html).not.toContain('Opening hours');
  });

  it('give the shop the dispute to answer in Stripe as a link, not an address to copy', () => {
    const answerUrl = 'https://dashboard.stripe.com/disputes/dp_1';
    const mail = disputeAlertEmail(facts('America/Denver'), 'owner@example.com', {
      message: 'The card holder says the goods never came',
      evidenceDueBy: new Date('2026-12-10T06:59:00Z'),
      answerUrl,
    });
    expect(mail.html).toMatch(new RegExp(`<a href="${answerUrl}"[^>]*>Answer the dispute in Stripe</a>`));
    expect(mail.html).toContain('<strong>Answer by:</strong> Dec 9, 2026, 11:59 PM MST');
    expect(mail.text).toContain(`Answer the dispute in Stripe: ${answerUrl}`);
  });
});
