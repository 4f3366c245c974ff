import { expect, test } from './fixtures.ts';
import { chooseAccount, DEMO } from './sign-in.ts';

// requireRole, the one guard of private pages (SPEC.md sections 6 and 8). Once a staff-only page
// exists, a customer sent away from it belongs here too; for now, where such a visitor lands.

test('every private page sends a signed-out visitor to /sign-in with the way back', async ({ page }) => {
  for (const path of [
    '/account',
    '/account/orders',
    '/account/orders/00000000-0000-4000-8000-000000000000',
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(`/sign-in?${new URLSearchParams({ path })}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  }
});

test('a signed-out visitor to a dashboard page reads that they are not authorized, and signing in returns there', async ({
  page,
}) => {
  // SPEC.md sections 6 and 8: every dashboard page's admin check fails for a visitor who is not signed
  // in too, and that failure shows the alert on the way to /sign-in.
  for (const path of ['/dashboard', '/dashboard/orders', '/dashboard/products/create']) {
    await page.goto(path);
    await expect(page).toHaveURL(`/sign-in?${new URLSearchParams({ path, error: 'forbidden' })}`);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'You are not authorized to access this page',
    );
  }
  await page.getByRole('main').getByRole('link', { name: 'Sign In with Google' }).click();
  await page.waitForURL(/\/dev-idp\/interaction\//);
  await chooseAccount(page, DEMO.staff);
  await expect(page).toHaveURL(/\/dashboard\/products\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create Product' })).toBeVisible();
});

test('a visitor whose role is too low reads that they are not authorized, and can sign in as someone else', async ({
  page,
  checkA11y,
}) => {
  await page.goto('/sign-in?path=%2Faccount%2Forders&error=forbidden');
  await expect(page.getByRole('alert')).toHaveText('You are not authorized to access this page');
  await checkA11y();
  await page.getByRole('main').getByRole('link', { name: 'Sign In with Google' }).click();
  await page.waitForURL(/\/dev-idp\/interaction\//);
  await chooseAccount(page, DEMO.customer);
  await expect(page).toHaveURL(/\/account\/orders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
});
