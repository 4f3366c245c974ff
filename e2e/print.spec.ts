import type { AdminProductDetail, Shop } from '@barbershop/contract';
import { formatPhone } from '@barbershop/contract/format';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEMO, signIn } from './sign-in.ts';

// Pages as printed or saved as PDF: Chromium lays a printout out at the paper's width less its
// default margins (0.4 in each side), with the print stylesheet. A4 leaves 718 CSS px, US Letter 739.

const PAPER = { A4: 718, Letter: 739 } as const;

async function openAsPrinted(page: Page, path: string, width: number) {
  await page.emulateMedia({ media: 'print' });
  await page.setViewportSize({ width, height: 1000 });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
}

/** Each table's columns as far as they reach past what the paper shows of them (0: all of them shown). */
function tablesCutOff(page: Page) {
  return page.getByRole('table').evaluateAll((tables) =>
    tables.map((table) => {
      const cell = table.querySelector('thead th:last-child') ?? table;
      let right = document.documentElement.clientWidth;
      for (let box = table.parentElement; box; box = box.parentElement) {
        if (getComputedStyle(box).overflowX !== 'visible')
          right = Math.min(right, box.getBoundingClientRect().right);
      }
      return `${table.getAttribute('aria-label') ?? table.querySelector('caption')?.textContent}: ${Math.max(0, Math.ceil(cell.getBoundingClientRect().right - right))}`;
    }),
  );
}

test('printed on A4 or Letter, the dashboard lists and the customer orders show every column, none cut at the edge', async ({
  page,
}) => {
  // A customer whose email and name have no space to wrap at, as a real list holds (the development
  // provider names an account after its email's words: here one): on paper each column breaks them.
  const unbroken = `printedcustomerwhosenamehasnospaces${Date.now()}@averylongdomainofacustomer.example`;
  await page.goto('/');
  await signIn(page, unbroken);
  await page.context().clearCookies();
  await page.goto('/');
  await signIn(page, DEMO.staff);
  const lists = [
    '/dashboard/orders',
    '/dashboard/users',
    `/dashboard/users?q=${unbroken}`,
    '/dashboard/products',
  ];
  for (const [paper, width] of Object.entries(PAPER)) {
    for (const path of lists) {
      await openAsPrinted(page, path, width);
      const cut = await tablesCutOff(page);
      expect(cut.length, `${path} on ${paper}`).toBeGreaterThan(0);
      for (const table of cut) expect(table, `${path} on ${paper}`).toMatch(/: 0$/);
    }
  }
  await page.context().clearCookies();
  await page.emulateMedia({ media: 'screen' });
  await page.goto('/');
  await signIn(page, DEMO.customer);
  await openAsPrinted(page, '/account/orders', PAPER.A4);
  const cut = await tablesCutOff(page);
  expect(cut.length).toBeGreaterThan(0);
  for (const table of cut) expect(table).toMatch(/: 0$/);
});

test("a customer's order printed as a receipt carries the shop's address and contact, not the site's links and controls", async ({
  page,
}) => {
  await page.goto('/');
  await signIn(page, DEMO.customer);
  await page.goto('/account/orders');
  const href = await page.getByRole('link', { name: /^View/ }).first().getAttribute('href');
  for (const width of Object.values(PAPER)) {
    const banner = page.getByRole('banner');
    // The shop as the page was printed: the dashboard's settings tests, in the other worker, save
    // its email meanwhile, so a page printed across such a save is read and printed again.
    await expect(async () => {
      const shop = (await (await page.request.get('/api/shop')).json()) as Shop;
      await openAsPrinted(page, href ?? '', width);
      await expect(banner).toContainText(shop.name, { timeout: 1000 });
      await expect(banner).toContainText(`${shop.address.line1}`, { timeout: 1000 });
      await expect(banner).toContainText(formatPhone(shop.phone), { timeout: 1000 });
      await expect(banner).toContainText(shop.email, { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await expect(banner.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(page.getByRole('button', { name: /^Account menu/ })).toBeHidden();
    await expect(page.getByRole('contentinfo')).toBeHidden();
    await expect(page.getByRole('link', { name: 'Orders', exact: true })).toBeHidden();
    // The receipt itself: the lines with their unit prices, and the total.
    await expect(page.getByText(/\d+ × \$[\d,]+\.\d\d/).first()).toBeVisible();
    await expect(page.getByText('Total', { exact: true })).toBeVisible();
    // Each line stays whole on one page.
    const line = page.getByRole('region', { name: 'Items' }).locator('> ul > li').first();
    expect(await line.evaluate((line) => getComputedStyle(line).breakInside)).toBe('avoid');
    const bannerColor = await banner.evaluate((header) => getComputedStyle(header).color);
    expect(bannerColor, 'the letterhead is dark on white paper').toBe('rgb(28, 27, 25)');
  }
});

test('printed labels come one to a page, with no blank page after the last', async ({ page }) => {
  await page.goto('/');
  await signIn(page, DEMO.staff);
  // A seeded product with items to label (paid orders made them).
  const products = (await (await page.request.get('/api/products/published')).json()) as { slug: string }[];
  let labels = 0;
  for (const { slug } of products) {
    const detail = (await (await page.request.get(`/api/products/${slug}`)).json()) as AdminProductDetail;
    if (detail.items.length < 2) continue;
    labels = detail.items.length;
    await page.goto(`/dashboard/products/${slug}/labels`);
    break;
  }
  expect(labels).toBeGreaterThan(1);
  await expect(page.getByRole('img', { name: /^QR code of / })).toHaveCount(labels);
  await page.emulateMedia({ media: 'print' });
  for (const format of ['A4', 'Letter']) {
    // The page tree's count, which Chromium writes as plain text in the PDF.
    const pdf = (
      await page.pdf({ format, margin: { top: '0.4in', bottom: '0.4in', left: '0.4in', right: '0.4in' } })
    ).toString('latin1');
    expect(Number(pdf.match(/\/Type \/Pages\b[^>]*?\/Count (\d+)/)?.[1]), format).toBe(labels);
  }
});

test("a dashboard page printed keeps its title, an order's number above its lines, without the breadcrumb", async ({
  page,
}) => {
  await page.goto('/');
  await signIn(page, DEMO.staff);
  await openAsPrinted(page, '/dashboard/orders', PAPER.A4);
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeHidden();
  const orderId = (await page.getByRole('table').getByRole('link').first().textContent())?.trim() ?? '';
  await openAsPrinted(page, `/dashboard/orders/${orderId}`, PAPER.Letter);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${orderId.slice(0, 8)}` })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeHidden();
});
