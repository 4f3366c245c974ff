import type { Browser, Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** The seeded demo accounts (packages/db/src/seed/demo-accounts.ts), one per role. */
export const DEMO = {
  customer: 'casey@example.com',
  staff: 'sam@example.com',
  admin: 'alex@example.com',
} as const;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Clicks a control until what it opens shows: a server-rendered button does nothing until the page
 * has hydrated, and there is no other outward sign of that moment.
 */
export async function clickUntil(control: Locator, opened: Locator) {
  await expect(async () => {
    if (!(await opened.isVisible())) await control.click();
    await expect(opened).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

/** Opens the SIGN IN popover from the header and returns it. */
export async function openSignInPopover(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await clickUntil(page.getByRole('button', { name: 'SIGN IN', exact: true }), dialog);
  return dialog;
}

/** Opens the signed-in menu in the header and returns its SIGN OUT button (the menu is open once it shows). */
export async function openAccountMenu(page: Page) {
  const signOut = page.getByRole('button', { name: 'SIGN OUT' });
  await clickUntil(page.getByRole('button', { name: /^Account menu/ }), signOut);
  return signOut;
}

/** On the development provider's page: a demo account's own button, or any email typed in. */
export async function chooseAccount(page: Page, email: string) {
  await expect(page.getByRole('heading', { name: 'Development sign-in' })).toBeVisible();
  const demo = page.getByRole('button', { name: new RegExp(`${escapeRegExp(email)}$`) });
  if (await demo.count()) {
    await demo.click();
  } else {
    await page.getByLabel('Or sign in as another email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
  }
}

/**
 * Signs in the way a visitor does: SIGN IN in the header, 'Sign In with Google' in the popover, the
 * development provider's page, and back to the site (to the page signing in started from; the home
 * page when the browser has no page open yet). Resolves once the header shows the account menu.
 */
export async function signIn(page: Page, email: string) {
  if (page.url() === 'about:blank') await page.goto('/');
  const dialog = await openSignInPopover(page);
  await dialog.getByRole('link', { name: 'Sign In with Google' }).click();
  await page.waitForURL(/\/dev-idp\/interaction\//);
  await chooseAccount(page, email);
  await page.waitForURL((url) => !url.pathname.startsWith('/dev-idp/') && !url.pathname.startsWith('/api/'));
  await expect(page.getByRole('button', { name: /^Account menu/ })).toBeVisible();
}

/**
 * A customer of the test's own, signed up in a browser of their own: a user whose details it may
 * change (the demo customer's are what other tests find her by). Resolves to their gid.
 */
export async function ownCustomer(browser: Browser, name: string): Promise<string> {
  const customer = await browser.newContext();
  const customerPage = await customer.newPage();
  await signIn(customerPage, `${name}-${Date.now()}@example.com`);
  const { gid } = (await (await customerPage.request.get('/api/users/me')).json()) as { gid: string };
  await customer.close();
  return gid;
}
