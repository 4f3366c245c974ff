/**
 * npx node scripts/inp.ts [base] [--slowdown N] [--only word]: how long the site takes to answer a tap or
 * a key on a throttled phone (Interaction to Next Paint). Opens a running production server (default
 * http://localhost:3000) in Chromium emulating Lighthouse's mobile phone, slows its CPU N times (4)
 * through CDP, performs each interaction the way a visitor or staff member does, and prints the
 * longest 'event' entry (PerformanceObserver, durationThreshold 16) per interaction, as web-vitals
 * counts INP, and the long tasks seen while it ran. Signs in through the development identity
 * provider, so the server needs DEMO_MODE=true and seeded demo accounts (docs/performance.md).
 */

import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS, PHONE, signInThroughDevIdp } from './bench/browser.ts';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args.splice(at, 2)[1];
};
const slowdown = Number(option('--slowdown') ?? 4);
const only = option('--only');
const base = args[0] ?? 'http://localhost:3000';

/** Installed before any page script: every event entry of 16 ms or more, and every long task. */
function observe() {
  const w = window as unknown as { __inp: { events: PerformanceEntry[]; longTasks: PerformanceEntry[] } };
  w.__inp = { events: [], longTasks: [] };
  new PerformanceObserver((list) => w.__inp.events.push(...list.getEntries())).observe({
    type: 'event',
    durationThreshold: 16,
    buffered: true,
  } as PerformanceObserverInit);
  new PerformanceObserver((list) => w.__inp.longTasks.push(...list.getEntries())).observe({
    type: 'longtask',
  });
}

type Figure = { name: string; inpMs: number; events: string; longTasks: number; longestTaskMs: number };
const figures: Figure[] = [];

async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const main = document.querySelector('main') ?? document.body;
    return Object.keys(main).some((key) => key.startsWith('__reactFiber'));
  });
  await page.waitForLoadState('networkidle');
}

async function settle(page: Page) {
  // Event entries are reported after the next paint; two frames and a quiet network later they are in.
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.waitForTimeout(300);
}

async function measure(page: Page, name: string, act: () => Promise<unknown>) {
  if (only && !name.includes(only)) return;
  // Entries arrive after their paint: one of the step before may come in late, so only those that
  // started from here on count.
  const from = await page.evaluate(() => performance.now());
  await act();
  await settle(page);
  const seen = await page.evaluate((from) => {
    const w = window as unknown as {
      __inp: { events: PerformanceEventTiming[]; longTasks: PerformanceEntry[] };
    };
    const byInteraction = new Map<number, { duration: number; names: Set<string> }>();
    for (const entry of w.__inp.events) {
      if (!entry.interactionId || entry.startTime < from) continue;
      const seen = byInteraction.get(entry.interactionId) ?? { duration: 0, names: new Set() };
      seen.duration = Math.max(seen.duration, entry.duration);
      seen.names.add(entry.name);
      byInteraction.set(entry.interactionId, seen);
    }
    const worst = [...byInteraction.values()].sort((a, b) => b.duration - a.duration)[0];
    const longTasks = w.__inp.longTasks.filter((task) => task.startTime >= from);
    return {
      inpMs: worst?.duration ?? 0,
      events: worst ? [...worst.names].join('+') : '',
      longTasks: longTasks.length,
      longestTaskMs: Math.max(0, ...longTasks.map((task) => task.duration)),
    };
  }, from);
  figures.push({ name, ...seen });
  console.log(
    `${seen.inpMs >= 200 ? '!!' : '  '} ${String(Math.round(seen.inpMs)).padStart(5)} ms  ${name}  (${seen.events}; long tasks ${seen.longTasks}, longest ${Math.round(seen.longestTaskMs)} ms)`,
  );
}

async function open(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  await page.goto(base + path);
  await hydrated(page);
  return page;
}

async function goto(page: Page, path: string) {
  await page.goto(base + path);
  await hydrated(page);
}

const typing = (page: Page, text: string) => page.keyboard.type(text, { delay: 120 });

const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
try {
  // Public pages, as a visitor who is not signed in.
  const visitor = await browser.newContext(PHONE);
  await visitor.addInitScript(observe);
  let page = await open(visitor, '/barbershops/barbers');
  const tabs = page.getByRole('tab');
  await measure(page, 'barbers: second tab', () => tabs.nth(1).tap());
  await measure(page, 'barbers: third tab', () => tabs.nth(2).tap());
  await measure(page, 'barbers: arrow key to the next tab', () => page.keyboard.press('ArrowRight'));
  await goto(page, '/store');
  await measure(page, 'store: tap a product', () =>
    page
      .getByRole('link', { name: /Logo Tee/ })
      .first()
      .tap(),
  );
  await hydrated(page);
  await measure(page, 'product: picture 2', () => page.getByRole('button', { name: /Show picture 2/ }).tap());
  await measure(page, 'product: size Medium', () => page.locator('label', { hasText: /^Medium$/ }).tap());
  await measure(page, 'product: Add to Cart', () => page.getByRole('button', { name: 'Add to Cart' }).tap());
  await goto(page, '/store/logo-hoodie');
  await page.locator('label', { hasText: /^Large$/ }).tap();
  await page.getByRole('button', { name: 'Add to Cart' }).tap();
  await page.getByRole('button', { name: 'Added' }).waitFor();
  await measure(page, 'header: open cart menu', () =>
    page.getByRole('button', { name: /cart/i }).first().tap(),
  );
  await goto(page, '/cart');
  await measure(page, 'cart: quantity up', () =>
    page
      .getByRole('button', { name: /increase|more|\+/i })
      .first()
      .tap(),
  );
  await measure(page, 'cart: quantity down', () =>
    page
      .getByRole('button', { name: /decrease|fewer|−|-/i })
      .first()
      .tap(),
  );
  await measure(page, 'cart: remove a line', () =>
    page
      .getByRole('button', { name: /remove/i })
      .last()
      .tap(),
  );
  await page.close();
  await visitor.close();

  // A customer: checkout and the account pages.
  const customer = await browser.newContext(PHONE);
  await customer.addInitScript(observe);
  await signInThroughDevIdp(customer, base, 'casey@example.com');
  page = await open(customer, '/store/logo-tee');
  await page.locator('label', { hasText: /^Small$/ }).tap();
  await page.getByRole('button', { name: 'Add to Cart' }).tap();
  await page.getByRole('button', { name: 'Added' }).waitFor();
  await goto(page, '/cart');
  await measure(page, 'cart: Checkout', () =>
    page
      .getByRole('link', { name: /checkout/i })
      .last()
      .tap(),
  );
  await hydrated(page);
  await measure(page, 'checkout: pickup hours', () => page.getByText('Pickup hours').tap());
  const textboxes = page.getByRole('textbox');
  if (await textboxes.count()) {
    await textboxes.first().tap();
    await measure(page, 'checkout: typing in a field', () => typing(page, 'Apt 4'));
  }
  const next = page.getByRole('button', { name: /continue|payment|next/i }).first();
  if (await next.count()) await measure(page, 'checkout: on to payment', () => next.tap());
  await goto(page, '/account');
  await measure(page, 'account: to orders', () =>
    page
      .getByRole('link', { name: /orders/i })
      .last()
      .tap(),
  );
  await hydrated(page);
  const orderLink = page.getByRole('main').getByRole('link').first();
  if (await orderLink.count()) await measure(page, 'account orders: open one', () => orderLink.tap());
  await page.close();
  await customer.close();

  // Staff in the dashboard.
  const staff = await browser.newContext(PHONE);
  await staff.addInitScript(observe);
  await signInThroughDevIdp(staff, base, 'alex@example.com');
  page = await open(staff, '/dashboard/orders');
  await page.getByRole('searchbox').first().tap();
  await measure(page, 'orders: typing in search', () => typing(page, 'casey'));
  await measure(page, 'orders: Filter', () => page.getByRole('button', { name: 'Filter' }).tap());
  await measure(page, 'orders: needs attention box', () => page.getByRole('checkbox').first().tap());
  await measure(page, 'orders: status select', () =>
    page.getByRole('combobox').first().selectOption({ index: 2 }),
  );
  await goto(page, '/dashboard/orders');
  await measure(page, 'orders: open an order', () =>
    page
      .getByRole('main')
      .getByRole('link', { name: /^[0-9a-f-]{8,}/ })
      .first()
      .tap(),
  );
  await hydrated(page);
  const statusSelect = page.getByRole('combobox').first();
  if (await statusSelect.count())
    await measure(page, 'order: status select', () => statusSelect.selectOption({ index: 1 }));
  await goto(page, '/dashboard/products');
  await measure(page, 'products: open a product', () =>
    page.getByRole('main').getByRole('link').first().tap(),
  );
  await hydrated(page);
  await goto(page, '/dashboard/products/logo-tee/edit');
  await page.getByRole('textbox').first().tap();
  await page.keyboard.press('End');
  await measure(page, 'product edit: typing in the name', () => typing(page, ' new'));
  const description = page.getByRole('textbox', { name: /description/i });
  if (await description.count()) {
    await description.tap();
    await measure(page, 'product edit: typing in the description', () => typing(page, ' more words'));
  }
  await goto(page, '/dashboard/users');
  await page.getByRole('searchbox').first().tap();
  await measure(page, 'users: typing in search', () => typing(page, 'casey'));
  await goto(page, '/dashboard/barbers');
  const barber = page.locator('main a[href^="/dashboard/barbers/"]:not([href$="/create"])').first();
  await measure(page, 'barbers: open one', () => barber.tap());
  await hydrated(page);
  await goto(page, `${new URL(page.url()).pathname}/edit`);
  const bio = page.getByRole('textbox').nth(1);
  await bio.tap();
  await page.keyboard.press('End');
  await measure(page, 'barber edit: typing', () => typing(page, ' cuts'));
  await page.close();
  await staff.close();
} finally {
  await browser.close();
}
const worst = figures.reduce((max, figure) => Math.max(max, figure.inpMs), 0);
console.log(
  `\nWorst interaction: ${Math.round(worst)} ms at ${slowdown}x CPU slowdown (good: under 200 ms).`,
);
