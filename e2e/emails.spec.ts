import { SHOP } from '@barbershop/db/sample-data';
import {
  disputeAlertEmail,
  type OrderEmailFacts,
  orderConfirmationEmail,
  orderNotReadyEmail,
  orderReadyEmail,
  paidOrderAlertEmail,
  paymentRefundedEmail,
  refundFailedAlertEmail,
} from '../apps/server/src/modules/mail/order-emails.ts';
import { expect, sidewaysScroll, test } from './fixtures.ts';

// The emails' HTML in a browser, as a phone's mail app and a webmail show it. No server involved.

/** An order whose texts try the layout: a product named with one long word, a long customer name. */
const facts: OrderEmailFacts = {
  order: {
    id: '9f1c2a7e-3b4d-4c5e-8f60-1a2b3c4d5e6f',
    updatedAt: new Date('2026-11-26T02:30:00Z'),
    subtotal: 11050,
    salesTax: 906,
    shippingCost: 0,
    total: 11956,
  },
  lines: [
    { name: 'Logo Hoodie <limited> & "new"', size: 'Medium', quantity: 2, unitPrice: 5500 },
    {
      name: 'Sandalwood-and-cedarwood-beard-balm-deluxe-edition-2026',
      size: 'One size',
      quantity: 1,
      unitPrice: 50,
    },
  ],
  customer: { name: "Maximiliana-Alexandrina O'Brien-Featherstonehaugh", email: 'max@example.com' },
  shop: { ...SHOP },
  publicUrl: 'https://shop.example',
  timeZone: 'America/Denver',
};

const EMAILS = {
  confirmation: orderConfirmationEmail(facts),
  ready: orderReadyEmail(facts, 'K7P2QX'),
  'new pickup code': orderReadyEmail(facts, 'K7P2QX', { replaces: true }),
  'not ready': orderNotReadyEmail(facts),
  refunded: paymentRefundedEmail(facts, 'late', { amount: 11956, currency: 'usd' }),
  'paid-order alert': paidOrderAlertEmail(facts, 'owner@shop.example'),
  'refund-failed alert': refundFailedAlertEmail(facts, 'owner@shop.example', 'Refund of $119.56 failed'),
  'dispute alert': disputeAlertEmail(facts, 'owner@shop.example', {
    message: 'The bank says the card was stolen',
    evidenceDueBy: new Date('2026-12-10T06:59:00Z'),
    answerUrl: 'https://dashboard.stripe.com/disputes/dp_1',
  }),
};

/**
 * A webmail in dark mode: it shows only what is inside the email's <body> (the <html> element's
 * language and <body>'s styles are gone) on its own dark page, with its own light text.
 */
const inDarkWebmail = (html: string) => `<!doctype html>
<html lang="fr"><head><title>Boîte de réception</title></head>
<body style="margin: 0; background: #121212; color: #e8e8e8;"><main>
${/<body[^>]*>([\s\S]*)<\/body>/.exec(html)![1]}
</main></body></html>`;

for (const [name, email] of Object.entries(EMAILS)) {
  test(`the ${name} email reads on a 320 px phone and in a dark webmail`, async ({ page, checkA11y }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.setContent(email.html);
    // A long word gives way rather than widening the email past the phone's screen.
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await checkA11y();

    await page.setContent(inDarkWebmail(email.html));
    // The email keeps its light page and dark text where the client drops <body>'s styles: its dark
    // links stay readable on the client's dark page.
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await checkA11y();
    // A screen reader reads it in English, not the client's language, which the email's <html> said.
    const language = await page
      .getByText('Order number')
      .first()
      .evaluate((element) => element.closest('[lang]')?.getAttribute('lang'));
    expect(language).toBe('en');
  });
}
