import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { blockTiles, TILE_ERRORS } from './map-tiles.ts';
import { DEMO, signIn } from './sign-in.ts';

// WCAG 1.4.11 (non-text contrast), which axe does not check: an edge or bar that is all that shows a
// control can be used, or which state it is in, stands 3:1 or more against what lies behind it.

test.use({ allowedConsoleErrors: [TILE_ERRORS] });

/**
 * The contrast of a part's bottom edge against what is behind it, as painted: the browser's canvas
 * turns any CSS colour (oklab, with its alpha) into the pixels it lays over the fill behind.
 */
function edgeContrast(locator: Locator): Promise<number> {
  return locator.evaluate((el) => {
    const fills: string[] = [];
    for (let at = el.parentElement; at; at = at.parentElement)
      fills.unshift(getComputedStyle(at).backgroundColor);
    const context = new OffscreenCanvas(1, 1).getContext('2d')!;
    const paint = (colours: string[]) => {
      context.fillStyle = '#fff';
      context.fillRect(0, 0, 1, 1);
      for (const colour of colours) {
        context.fillStyle = colour;
        context.fillRect(0, 0, 1, 1);
      }
      const [r = 0, g = 0, b = 0] = context.getImageData(0, 0, 1, 1).data;
      const linear = (value: number) => {
        const c = value / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
    };
    const behind = paint(fills);
    const edge = paint([...fills, getComputedStyle(el).borderBottomColor]);
    return (Math.max(behind, edge) + 0.05) / (Math.min(behind, edge) + 0.05);
  });
}

test('the edges of the size choices and the bar of the chosen barber tab stand 3:1 against the page', async ({
  page,
}) => {
  await page.goto('/store/logo-tee');
  const sizes = page.getByRole('group', { name: 'Size' });
  await expect(sizes.getByRole('radio', { name: 'Small', exact: true })).not.toBeChecked();
  expect
    .soft(await edgeContrast(sizes.locator('label', { hasText: 'Small' })), 'a size not chosen')
    .toBeGreaterThanOrEqual(3);

  await blockTiles(page);
  await page.goto('/barbershops/barbers');
  const chosen = page.getByRole('tab', { selected: true });
  expect.soft(await edgeContrast(chosen), "the chosen tab's bar").toBeGreaterThanOrEqual(3);
});

test("a dashboard form's fields show their edges 3:1 against what is behind them", async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.goto('/dashboard/products/create');
  // Every dashboard form's fields share one style (FormField's inputClass): two forms stand for them.
  expect
    .soft(await edgeContrast(page.getByRole('textbox', { name: 'Name' })), 'a field on the page')
    .toBeGreaterThanOrEqual(3);
  await page.goto('/dashboard/settings');
  expect
    .soft(await edgeContrast(page.getByRole('textbox', { name: 'Phone' }).first()), 'a field of the settings')
    .toBeGreaterThanOrEqual(3);
});
