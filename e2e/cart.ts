import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** Adds one unit of a product in a size from its page, as a visitor does. */
export async function addFromProductPage(page: Page, slug: string, size: string | null) {
  await page.goto(`/store/${slug}`);
  if (size) await page.getByRole('radio', { name: size, exact: true }).check({ force: true });
  const add = page.getByRole('button', { name: 'Add to Cart' });
  await add.click();
  await expect(page.getByRole('button', { name: 'Added' })).toBeVisible();
}

/** The cart as this browser keeps it, line by line: "Logo Tee, Small x 2". */
export async function storedCartLines(page: Page): Promise<string[]> {
  const raw = await page.evaluate(() => localStorage.getItem('barbershop.cart'));
  const cart = raw
    ? (JSON.parse(raw) as { lines: { name: string; size: string; quantity: number }[] })
    : null;
  return (cart?.lines ?? []).map((line) => `${line.name}, ${line.size} x ${line.quantity}`);
}
