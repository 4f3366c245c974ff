import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** Adds one unit of a product in a size from its page, as a visitor does. */
export async function addFromProductPage(page: Page, slug: string, size: string | null) {
  await page.goto(`/store/${slug}`);
  if (size) await page.getByRole('radio', { name: size, exact: true }).check({ force: true });
  const add = page.getByRole('button', { name: 'Add to Cart' });
  await add.click();
  await expect(page.getByRole('button', { name: 'Added' })).toBeVisible();
}

/**
 * Presses checkout's Pay and waits for 'Order Confirmed'. Paying is two requests that write to the
 * database and a page that loads its code: on a busy machine that outlasts expect's 5 s (CI once).
 * When checkout says why it did not pay instead, the test fails with its words.
 */
export async function payAndConfirm(page: Page, pay: Locator = page.getByRole('button', { name: /^Pay / })) {
  await pay.click();
  const confirmed = page.getByRole('heading', { level: 1, name: 'Order Confirmed' });
  const said = page.getByRole('main').getByRole('alert');
  await expect(confirmed.or(said).first()).toBeVisible({ timeout: 20_000 });
  expect(await said.allTextContents(), 'what the page said instead of confirming').toEqual([]);
  await expect(confirmed).toBeVisible();
}

/** The cart as this browser keeps it, line by line: "Logo Tee, Small x 2". */
export async function storedCartLines(page: Page): Promise<string[]> {
  const raw = await page.evaluate(() => localStorage.getItem('barbershop.cart'));
  const cart = raw
    ? (JSON.parse(raw) as { lines: { name: string; size: string; quantity: number }[] })
    : null;
  return (cart?.lines ?? []).map((line) => `${line.name}, ${line.size} x ${line.quantity}`);
}
