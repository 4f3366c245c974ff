import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * Adds one unit of a product in a size from its page, as a visitor does, and waits for it in the cart.
 * Not for the button's 'Added', which shows for 3 s only: a runner busy for longer on a loaded
 * machine looked past it, with the unit already in the cart ('Cart, 1 item').
 */
export async function addFromProductPage(page: Page, slug: string, size: string | null) {
  await page.goto(`/store/${slug}`);
  const before = await storedCartUnits(page);
  if (size) await page.getByRole('radio', { name: size, exact: true }).check({ force: true });
  const add = page.getByRole('button', { name: 'Add to Cart' });
  await add.click();
  await expect.poll(() => storedCartUnits(page), 'units in the cart after Add to Cart').toBe(before + 1);
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

type StoredLine = { name: string; size: string; quantity: number };

async function storedLines(page: Page): Promise<StoredLine[]> {
  const raw = await page.evaluate(() => localStorage.getItem('barbershop.cart'));
  return raw ? ((JSON.parse(raw) as { lines?: StoredLine[] }).lines ?? []) : [];
}

/** The cart as this browser keeps it, line by line: "Logo Tee, Small x 2". */
export async function storedCartLines(page: Page): Promise<string[]> {
  return (await storedLines(page)).map((line) => `${line.name}, ${line.size} x ${line.quantity}`);
}

/** How many units the cart this browser keeps holds, all lines together. */
async function storedCartUnits(page: Page): Promise<number> {
  return (await storedLines(page)).reduce((units, line) => units + line.quantity, 0);
}
