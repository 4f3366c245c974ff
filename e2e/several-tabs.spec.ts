import { addFromProductPage } from './cart.ts';
import { expect, test } from './fixtures.ts';
import { openAccountMenu, signIn } from './sign-in.ts';

// One customer, several tabs of one browser: they share the cart and the session cookie, so what one
// tab changes the others show, rather than a name and pages that are no longer so.

const accountMenu = /^Account menu/;

test('signing out in one tab signs the others out; signing in as someone else there shows them everywhere', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await signIn(page, 'tess.tabs@example.com');
  await addFromProductPage(page, 'logo-tee', 'Large');
  await page.goto('/checkout');
  await expect(page.getByRole('button', { name: /^Pay / })).toBeVisible();
  const orders = await context.newPage();
  await orders.goto('/account/orders');
  await expect(orders.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  const other = await context.newPage();
  await other.goto('/');

  await (await openAccountMenu(other)).click();
  await expect(other.getByRole('button', { name: 'SIGN IN', exact: true })).toBeVisible();
  // The checkout tab: no name in its header, and its Pay gone with the cart.
  await expect(page.getByRole('button', { name: 'SIGN IN', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: accountMenu })).toHaveCount(0);
  await expect(page.getByText('Must be signed in and cart cannot be empty!')).toBeVisible();
  // The orders tab: the customer's orders are no longer on show.
  await expect(orders).toHaveURL(/\/sign-in\?path=%2Faccount%2Forders$/);

  // Someone else signs in in the third tab: the first no longer names the one who left.
  await signIn(other, 'uma.tabs@example.com');
  await expect(page.getByRole('button', { name: accountMenu })).toHaveAccessibleName(
    'Account menu, signed in as Uma Tabs',
  );
});
