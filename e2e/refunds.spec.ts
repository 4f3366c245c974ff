import type { CatalogProduct } from '@barbershop/contract';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { StripeStandIn } from '../apps/server/src/test/stripe-stand-in.ts';
import { expect, test } from './fixtures.ts';
import { startOwnServer } from './own-server.ts';
import { DEMO, signIn } from './sign-in.ts';

// A refund that fails days later (the card was closed) and a card holder's dispute are the payment
// events staff must act on. The shared end-to-end server takes demo payments, which are never
// refunded or disputed, so this file starts the production server of its own with Stripe pointed at
// the local stand-in, and plays Stripe's webhooks to it, signed as Stripe signs them. Its tests run
// in order: each expects the overview to count its order alone.

const stripe = new StripeStandIn();
let server: Awaited<ReturnType<typeof startOwnServer>> | undefined;
let site = '';

test.beforeAll(async () => {
  server = await startOwnServer('refunds', { seed: true, env: await stripe.start() });
  site = server.site;
});

test.afterAll(async () => {
  server?.stop();
  await stripe.stop();
});

/** Delivers a Stripe event to the server's webhook as Stripe does, and expects it taken. */
async function deliver(request: APIRequestContext, event: { payload: string; header: string }) {
  const response = await request.post(`${site}/api/payment/webhook`, {
    headers: { 'content-type': 'application/json', 'stripe-signature': event.header },
    data: event.payload,
  });
  expect(response.status()).toBe(200);
}

/** A page of a new browser context signed in as `email` on this file's server. */
async function signedIn(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: site })).newPage();
  await signIn(page, email);
  return page;
}

/** Casey's order of a hat, paid through Stripe: its id and its PaymentIntent's. */
async function paidHat(api: APIRequestContext) {
  const published = await api.get(`${site}/api/products/published`);
  expect(published.status(), await published.text()).toBe(200);
  const products: CatalogProduct[] = await published.json();
  const hat = products.find((p) => p.category === 'Hats' && p.stock.some((s) => s.quantity > 0))!;
  const size = hat.stock.find((s) => s.quantity > 0)!.size;
  const checkout = await api.post(`${site}/api/payment/create-payment-intent`, {
    headers: { origin: site },
    data: { products: [{ _id: hat._id, size, quantity: 1 }] },
  });
  expect(checkout.status()).toBe(200);
  const { orderId } = await checkout.json();
  const intent = [...stripe.intents.values()].find((i) => i.metadata.orderId === orderId)!;
  await deliver(api, stripe.event('payment_intent.succeeded', stripe.succeed(intent.id)));
  return { orderId: orderId as string, intentId: intent.id };
}

/** From the overview's tile to the order needing staff, the only one the list shows. */
async function openOrderNeedingStaff(staff: Page, orderId: string) {
  await staff.goto('/dashboard');
  const tile = staff.getByRole('link', {
    name: /^Needs attention 1 A refund to pay back or a dispute to answer/,
  });
  await tile.click();
  await expect(staff).toHaveURL(/\/dashboard\/orders\?attention=open$/);
  await expect(staff.getByRole('checkbox', { name: 'Needs attention only' })).toBeChecked();
  const rows = staff.getByRole('table', { name: 'Orders' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Needs attention');
  await rows.nth(1).getByRole('link', { name: orderId }).click();
}

test('staff see a failed refund, say how they paid the customer back, and the customer reads it', async ({
  browser,
  checkA11y,
}) => {
  const customer = await signedIn(browser, DEMO.customer);
  const api = customer.request;

  // Casey pays for a hat; the shop refunds $10.00 of it in Stripe's dashboard, and the refund fails.
  const { orderId, intentId } = await paidHat(api);
  const intent = stripe.intents.get(intentId)!;
  const refund = stripe.refund(intent.id, 1000);
  await deliver(api, stripe.event('charge.refunded', stripe.charge(intent.id)));
  stripe.failRefund(refund.id, 'expired_or_canceled_card');
  await deliver(
    api,
    stripe.event('charge.refund.updated', refund, { created: Math.floor(Date.now() / 1000) + 60 }),
  );

  // Staff: the overview counts it and leads to the list of orders needing them, with only this one.
  const staff = await signedIn(browser, DEMO.staff);
  await openOrderNeedingStaff(staff, orderId);

  const panel = staff.getByRole('region', { name: 'Needs attention' });
  await expect(panel).toContainText(
    "Refund of $10.00 failed (the card has expired or was closed): the money is back in the shop's Stripe balance",
  );
  await checkA11y(staff);
  const note = panel.getByRole('textbox', { name: 'How was the customer paid back?' });
  // Only spaces: the server's refusal is said by the field, which takes the keyboard to be heard, and
  // nothing is lost or marked.
  await note.fill('   ');
  await panel.getByRole('button', { name: 'Mark as paid back' }).click();
  await expect(note).toBeFocused();
  await expect(note).toHaveAttribute('aria-invalid', 'true');
  await expect(note).toHaveAccessibleDescription(/Say how the customer was paid back$/);
  await note.fill('Cash at the counter, Nov 28');
  await panel.getByRole('button', { name: 'Mark as paid back' }).click();

  const settled = staff.getByRole('region', { name: 'Payment note' });
  await expect(settled.getByRole('heading', { name: 'Payment note' })).toBeFocused();
  await expect(settled.getByRole('status')).toHaveText(
    'Marked as paid back. The customer sees how in their order.',
  );
  await expect(staff.getByText('Paid back $10.00 another way: Cash at the counter, Nov 28')).toBeVisible();
  await checkA11y(staff);
  await staff.goto('/dashboard');
  await expect(staff.getByRole('link', { name: /^Needs attention 0/ })).toBeVisible();
  await staff.goto('/dashboard/orders?attention=open');
  await expect(staff.getByText('No orders match this filter.')).toBeVisible();
  // Every order again, from the sidebar: the box follows the address, not what it was loaded with.
  await staff.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Orders' }).click();
  await expect(staff).toHaveURL(/\/dashboard\/orders$/);
  await expect(staff.getByRole('checkbox', { name: 'Needs attention only' })).not.toBeChecked();

  // Casey's order page tells them what happened to their money, in order.
  await customer.goto(`/account/orders/${orderId}`);
  const failedLine = customer.getByText(/^Refund of \$10\.00 failed/);
  const paidBack = customer.getByText('Paid back $10.00 another way: Cash at the counter, Nov 28');
  await expect(failedLine).toBeVisible();
  await expect(paidBack).toBeVisible();
  await checkA11y(customer);
});

test("staff are sent to answer a card holder's dispute in Stripe, and read how it ended", async ({
  browser,
  checkA11y,
}) => {
  const customer = await signedIn(browser, DEMO.customer);
  const api = customer.request;
  const { orderId, intentId } = await paidHat(api);
  const now = Math.floor(Date.now() / 1000);
  const dispute = stripe.dispute(intentId, { created: now + 5 });
  await deliver(api, stripe.event('charge.dispute.created', dispute, { created: now + 5 }));

  const staff = await signedIn(browser, DEMO.staff);
  await openOrderNeedingStaff(staff, orderId);
  const panel = staff.getByRole('region', { name: 'Needs attention: payment disputed' });
  await expect(panel).toContainText(
    "The card holder's bank disputes $", // the hat's price, whichever the seed gives it
  );
  await expect(panel).toContainText(
    /the card holder says the goods never came\. Answer in Stripe by \w{3} \d{1,2}, \d{4}, /,
  );
  await expect(panel.getByRole('link', { name: 'Answer the dispute in Stripe' })).toHaveAttribute(
    'href',
    `https://dashboard.stripe.com/test/disputes/${dispute.id}`,
  );
  // Nothing to pay back: the refund form is not offered for it.
  await expect(staff.getByRole('button', { name: 'Mark as paid back' })).toHaveCount(0);
  await checkA11y(staff);

  // Answered in Stripe, then lost: a note on the order, nobody waits on it any more.
  dispute.status = 'under_review';
  await deliver(api, stripe.event('charge.dispute.updated', dispute, { created: now + 60 }));
  dispute.status = 'lost';
  await deliver(api, stripe.event('charge.dispute.closed', dispute, { created: now + 120 }));
  await staff.reload();
  await expect(staff.getByRole('region', { name: 'Dispute lost' })).toContainText(
    'The bank decided for the card holder and took back $',
  );
  await staff.goto('/dashboard');
  await expect(staff.getByRole('link', { name: /^Needs attention 0/ })).toBeVisible();

  // Casey's order page says what happened, in order.
  await customer.goto(`/account/orders/${orderId}`);
  await expect(customer.getByText(/^The card holder's bank disputed \$[\d.]+ of the payment/)).toBeVisible();
  await expect(
    customer.getByText(/^Dispute decided for the card holder: their bank took back \$/),
  ).toBeVisible();
  await checkA11y(customer);
});
