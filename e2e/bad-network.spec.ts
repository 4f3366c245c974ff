import type { OrderSummary } from '@barbershop/contract';
import { addFromProductPage, storedCartLines } from './cart.ts';
import { expect, holdRequests, test } from './fixtures.ts';
import { DEMO, ownCustomer, signIn } from './sign-in.ts';

// A customer on a phone whose connection drops, or crawls, between taps: what they see must say
// what happened and how to go on, and lose nothing (the cart, the order already paid).

// Chromium logs each request the test cuts off, and React Router its failed look-ups; a second Pay
// for a paid cart is refused (409) before its confirmation is shown.
test.use({
  allowedConsoleErrors: [
    /net::ERR_INTERNET_DISCONNECTED|net::ERR_CONNECTION_RESET|net::ERR_FAILED|Failed to fetch manifest patches|status of 409 \(Conflict\) \(\S+\/create-payment-intent\)/,
  ],
});

test('a page that cannot load for want of a connection says so, and Try again loads it, the cart kept', async ({
  page,
  context,
  checkA11y,
}) => {
  // Browsing the store from a product page: the product pages' code is in the browser, their data is
  // not. (A page whose code was never fetched is another case: React Router reloads the document for
  // it, and offline the browser shows its own page; docs/decisions.md.)
  await addFromProductPage(page, 'logo-tee', 'Medium');
  await page.getByRole('banner').getByRole('link', { name: 'STORE', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'New Goods' })).toBeVisible();
  await context.setOffline(true);
  await page
    .getByRole('link', { name: /Barber Pole Tee/ })
    .first()
    .click();
  const lost = page.getByRole('heading', { level: 1, name: 'Connection lost' });
  await expect(lost).toBeVisible();
  // In the site's own look: an error screen drawn in the browser keeps the inlined stylesheet.
  await expect(lost).toHaveCSS('text-transform', 'uppercase');
  await expect(page.getByText('Check your connection, then try again.')).toBeVisible();
  await expect(page.getByText(/Unexpected Application Error|500/)).toHaveCount(0);
  await checkA11y();
  // Still offline: the same words, not the browser's error page.
  const again = page.getByRole('button', { name: 'Try again' });
  await again.click();
  await expect(again).toBeEnabled();
  await expect(lost).toBeVisible();

  await context.setOffline(false);
  await again.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Barber Pole Tee' })).toBeVisible();
  expect(await storedCartLines(page)).toEqual(['Logo Tee, Medium x 1']);
});

test('Pay without a connection says so and keeps the cart; a payment whose answer was lost shows its order, paid once', async ({
  page,
  context,
}) => {
  await page.goto('/');
  // A customer of its own each run: the test ends by counting their orders.
  await signIn(page, `nell.network-${Date.now()}@example.com`);
  await addFromProductPage(page, 'gold-standard-beanie', null);
  await page.goto('/checkout');
  const pay = page.getByRole('button', { name: /^Pay / });
  const said = page.getByRole('main').getByRole('alert');
  const NO_CONNECTION = /Could not reach the shop\. Check your connection, then press Pay again/;

  await context.setOffline(true);
  await pay.click();
  await expect(said).toHaveText(NO_CONNECTION);
  await expect(pay).toBeEnabled();
  await expect(page.getByRole('region', { name: 'Order Summary' })).toContainText('Gold Standard Beanie');
  expect(await storedCartLines(page)).toEqual(['Gold Standard Beanie, One Size Fits All x 1']);
  await context.setOffline(false);

  // The shop takes the payment and its answer is lost on the way back; so is the look at the order.
  await page.route('**/api/payment/demo/confirm', async (route) => {
    await route.fetch();
    await route.abort('connectionreset');
  });
  await page.route('**/api/orders/*', (route) => route.abort('connectionreset'));
  await pay.click();
  await expect(said).toHaveText(NO_CONNECTION);
  await page.unrouteAll();

  // Pay again: the order it paid, not "paid already" with the cart still offered. The server refuses
  // the paid cart and checkout looks its order up: held here, so nothing says the payment failed
  // while it looks, though it knows what the server said.
  const lookUp = await holdRequests(page, '**/api/orders/*');
  await pay.click();
  await lookUp.asked;
  await page.evaluate(
    () => new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted))),
  );
  await expect(page.getByRole('button', { name: 'Processing…' })).toHaveAttribute('aria-busy', 'true');
  expect(await said.allTextContents()).toEqual([]);
  lookUp.release();
  await expect(page.getByRole('heading', { level: 1, name: 'Order Confirmed' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cart, 0 items' })).toBeVisible();
  const orders = (await (await page.request.get('/api/orders')).json()) as OrderSummary[];
  expect(orders.map((order) => order.status)).toEqual(['processing']);
});

test('a page whose script did not load says so, and its link loads the page again, which then works', async ({
  page,
  checkA11y,
}) => {
  const notice = page.getByRole('alert').filter({ hasText: 'Part of this page did not load' });
  // A chunk the page evaluates first, and the client entry it imports last: both are cut off as a
  // dropped connection would.
  for (const chunk of [/\/assets\/root-[^/]+\.js$/, /\/assets\/entry\.client-[^/]+\.js$/]) {
    await page.route(chunk, (route) => route.abort());
    await page.goto('/store/logo-tee');
    await expect(notice).toBeVisible();
    await checkA11y();
    await page.unroute(chunk);
    await notice.getByRole('link', { name: 'Reload the page' }).click();
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
    await expect(notice).toBeHidden();
    await expect(page).toHaveURL(/\/store\/logo-tee$/);
  }
});

test('a page slow to come shows that it is loading', async ({ page }) => {
  await page.goto('/store');
  const data = await holdRequests(page, /\.data(\?|$)/);
  await page.getByRole('link', { name: /Logo Tee/ }).click();
  const loading = page.getByRole('progressbar', { name: 'Loading the page' });
  await expect(loading).toBeVisible();
  data.release();
  await expect(page.getByRole('heading', { level: 1, name: 'Logo Tee' })).toBeVisible();
  await expect(loading).toHaveCount(0);
});

test('a dashboard save without a connection says so where the form is, keeping what was typed', async ({
  page,
  context,
  browser,
  checkA11y,
}) => {
  // Staff on a phone between the shop's rooms: a form posted to the page's action, and one saved by script.
  // A customer of its own, whose phone it saves: other tests find the demo customer by hers.
  const userPage = `/dashboard/users/${await ownCustomer(browser, 'offline-phone')}`;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await signIn(page, DEMO.admin);
  await page.goto(userPage);
  const phone = page.getByRole('textbox', { name: 'Phone' });
  await phone.fill('719.555.0142');
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Save contact details' }).click();
  const refusal = page.getByRole('main').getByRole('alert');
  await expect(refusal).toHaveText(
    'Could not reach the shop. Check your connection, then try again: what you typed is still here.',
  );
  await expect(page.getByRole('heading', { name: 'Connection lost' })).toHaveCount(0);
  await expect(page).toHaveURL(userPage);
  await expect(phone).toHaveValue('719.555.0142');
  await checkA11y();
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Save contact details' }).click();
  await expect(page.getByText('Contact details saved.')).toBeVisible();

  await page.goto('/dashboard/products/create');
  await page.getByRole('textbox', { name: 'Name' }).fill('Offline Beanie');
  await page.getByRole('textbox', { name: 'Description' }).fill('Typed on the train.');
  await page.getByRole('textbox', { name: 'Pricing (dollars)' }).fill('24');
  await page.getByRole('combobox', { name: 'Category' }).selectOption('Hats');
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(refusal).toHaveText(
    'Product not created. Could not reach the shop. Check your connection, then try again: what you typed is still here.',
  );
  await expect(page.getByRole('textbox', { name: 'Description' })).toHaveValue('Typed on the train.');
  await context.setOffline(false);
});
