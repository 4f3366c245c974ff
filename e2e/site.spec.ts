import type { Barber, Shop } from '@barbershop/contract';
import { WEEKDAY_NAMES, WEEKDAYS } from '@barbershop/contract/domain';
import { dayIn, formatAddress, formatTime } from '@barbershop/contract/format';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, sidewaysScroll, TEXT_SPACING, test } from './fixtures.ts';
import { SHOP_TIME_ZONE } from './shop-time-zone.ts';

// The public shell a first-time visitor sees: home, navigation, footer, legal pages, the error screen.
// Expected texts come from the seeded shop through the API, so the pages are checked against the data.

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.status(), `GET ${path}`).toBe(200);
  return (await response.json()) as T;
}

/** Marks the current document, so a later check can tell a full page load from a client-side one. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as { e2eDocumentMarker?: boolean }).e2eDocumentMarker = true;
  });
}

async function documentIsMarked(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as { e2eDocumentMarker?: boolean }).e2eDocumentMarker === true);
}

const heroImage = (page: Page) => page.locator('main section').first().locator('img');

/** The URL of the image the browser picked, once it has loaded. */
async function chosenHeroImage(page: Page): Promise<string> {
  const img = heroImage(page);
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
    .toBe(true);
  return img.evaluate((el: HTMLImageElement) => el.currentSrc);
}

test('home shows the shop, its appointment phone number and the six barbers', async ({
  page,
  request,
  checkA11y,
}) => {
  const shop = await getJson<Shop>(request, '/api/shop');
  const barbers = await getJson<Barber[]>(request, '/api/barbers');

  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(new RegExp(shop.name));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(shop.name);

  const phone = page.getByRole('link', { name: /^\(\d{3}\) \d{3}-\d{4}$/ });
  await expect(phone).toBeVisible();
  const phoneText = (await phone.textContent()) ?? '';
  expect(phoneText.replace(/\D/g, '')).toBe(shop.phone.replace(/\D/g, '').slice(-10));
  await expect(phone).toHaveAttribute('href', /^tel:\+?\d+$/);

  const section = page.getByRole('region', { name: 'Our Barbers' });
  const cards = section.getByRole('listitem');
  await expect(cards).toHaveCount(6);
  expect(barbers).toHaveLength(6);
  for (const [index, barber] of barbers.entries()) {
    const link = cards.nth(index).getByRole('link');
    await expect(link).toContainText(barber.name);
    await expect(link).toHaveAttribute('href', `/barbershops/barbers?index=${index}`);
    // Named once, by the barber's name: the portrait inside is decoration (alt ""), not a second name.
    await expect(link).toHaveAccessibleName(
      barber.nickname ? `${barber.name} “${barber.nickname}”` : barber.name,
    );
    await expect(link.locator('img')).toHaveAttribute('alt', '');
  }

  // Where the shop is and when it opens, as its settings give them.
  const visit = page.getByRole('region', { name: 'Visit Us' });
  await expect(visit.locator('address')).toHaveText(formatAddress(shop.address));
  const hours = visit.getByRole('table', { name: 'Opening Hours' });
  for (const day of WEEKDAYS) {
    const row = hours.getByRole('row', { name: new RegExp(`^${WEEKDAY_NAMES[day]}`) });
    const ranges = shop.hours[day].map(([open, close]) => `${formatTime(open)} – ${formatTime(close)}`);
    await expect(row.getByRole('cell')).toHaveText(ranges.length ? ranges.join('') : 'Closed');
  }

  await checkA11y();
});

test('every page has the main navigation and a footer with social and legal links', async ({
  page,
  request,
}) => {
  const shop = await getJson<Shop>(request, '/api/shop');
  await page.goto('/');

  const nav = page.getByRole('navigation', { name: 'Main' });
  const navLinks = nav.getByRole('link');
  await expect(navLinks).toHaveText(['HOME', 'BARBERS', 'STORE']);
  await expect(nav.getByRole('link', { name: 'HOME' })).toHaveAttribute('href', '/');
  await expect(nav.getByRole('link', { name: 'BARBERS' })).toHaveAttribute('href', '/barbershops/barbers');
  await expect(nav.getByRole('link', { name: 'STORE' })).toHaveAttribute('href', '/store');

  const footer = page.getByRole('contentinfo');
  const social = footer.getByRole('navigation', { name: 'Social' }).getByRole('link');
  await expect(social).toHaveCount(2);
  for (const [index, link] of shop.socialLinks.slice(0, 2).entries()) {
    await expect(social.nth(index)).toHaveText(link.label);
    await expect(social.nth(index)).toHaveAttribute('href', link.url);
  }
  const legal = footer.getByRole('navigation', { name: 'Legal' });
  await expect(legal.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/legal/privacy');
  await expect(legal.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/legal/terms');
  // The shop's year (America/Denver), not the test runner's: they differ on New Year's night in UTC.
  await expect(footer).toContainText(`© ${dayIn(new Date(), SHOP_TIME_ZONE).slice(0, 4)} ${shop.name}`);
});

test.describe('on a phone 390 px wide', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('home loads the narrow hero image and passes axe', async ({ page, checkA11y }) => {
    await page.goto('/');
    expect(await chosenHeroImage(page)).toContain('hero-narrow');
    await checkA11y();
  });
});

test('on a desktop 1280 px wide, home loads the wide hero image', async ({ page }) => {
  await page.goto('/');
  expect(await chosenHeroImage(page)).toContain('hero-wide');
});

test('the legal pages open from the footer as full page loads', async ({ page, request, checkA11y }) => {
  const shop = await getJson<Shop>(request, '/api/shop');
  await page.goto('/');

  await markDocument(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL('/legal/privacy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  expect(await documentIsMarked(page)).toBe(false);
  const privacy = page.getByRole('main');
  await expect(privacy).toContainText('GDPR');
  await expect(privacy).toContainText('CCPA');
  // What the shop does keep, and who else sets cookies, said as it is (npm run user:erase, Stripe.js).
  await expect(privacy).toContainText('Effective November 29, 2026');
  await expect(privacy).toContainText(
    'When we delete your personal information, we keep the record of your past orders without your name',
  );
  await expect(privacy).toContainText(
    "On the checkout page our payment provider's script sets its own cookies",
  );
  await expect(privacy).toContainText('Our payment provider receives your email address with your payment');
  await checkA11y();

  await markDocument(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page).toHaveURL('/legal/terms');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
  expect(await documentIsMarked(page)).toBe(false);
  const terms = page.getByRole('main');
  await expect(terms).toContainText('All sales are final');
  await expect(terms).toContainText('GDPR');
  await expect(terms).toContainText('CCPA');
  expect(shop.policies.length).toBeGreaterThan(0);
  await expect(terms.getByRole('listitem').filter({ hasText: '$20' })).toContainText('no-show');
  for (const policy of shop.policies) await expect(terms.getByText(policy, { exact: true })).toBeVisible();
  await checkA11y();
});

test("at 320 px wide with WCAG's text spacing, a long word wraps: the hero's name and the privacy page's email", async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/');
  await page.addStyleTag({ content: TEXT_SPACING });
  // The hero clips what passes its edge: a word wider than the screen lost its last letters.
  const name = page.getByRole('heading', { level: 1 });
  expect(await name.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await page.goto('/legal/privacy');
  await page.addStyleTag({ content: TEXT_SPACING });
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
});

test.describe('an unknown address', () => {
  // Chromium reports the 404 document itself as a failed resource.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('shows the error screen with 404 inside the site layout', async ({ page, checkA11y }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    const shop = (await (await page.request.get('/api/shop')).json()) as Shop;
    await expect(page).toHaveTitle(`404 Not Found | ${shop.name}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unexpected Application Error!');
    await expect(page.getByText('404 Not Found')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Back to home' })).toHaveAttribute(
      'href',
      '/',
    );
    await checkA11y();
  });
});

test('the skip link is the first tab stop and moves focus to the main content', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
});

test('the header is tabbed through in the order it reads: name, main links, cart, sign-in', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'SIGN IN', exact: true })).toBeEnabled();
  const header = page.getByRole('banner');
  const stops = [
    header.getByRole('link', { name: /, home$/ }),
    header.getByRole('link', { name: 'HOME', exact: true }),
    header.getByRole('link', { name: 'BARBERS', exact: true }),
    header.getByRole('link', { name: 'STORE', exact: true }),
  ];
  let left = Number.NEGATIVE_INFINITY;
  await page.keyboard.press('Tab');
  for (const stop of stops) {
    await page.keyboard.press('Tab');
    await expect(stop).toBeFocused();
    const box = (await stop.boundingBox())!;
    expect(box.x).toBeGreaterThan(left);
    left = box.x;
  }
  // Then the controls at the right end, left to right: the cart, then SIGN IN.
  const cart = header.getByRole('button', { name: /^Cart, / });
  const signIn = header.getByRole('button', { name: 'SIGN IN', exact: true });
  for (const control of [cart, signIn]) {
    await page.keyboard.press('Tab');
    await expect(control).toBeFocused();
    const box = (await control.boundingBox())!;
    expect(box.x).toBeGreaterThan(left);
    left = box.x;
  }
});

test('a page paints before its scripts load, and then hydrates', async ({ page }) => {
  await page.goto('/store/barber-pole-tee');
  // The button is disabled until the page has hydrated (useHydrated).
  await expect(page.getByRole('button', { name: /add to cart/i })).toBeEnabled();
  const timing = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    scripts: performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => entry.startTime),
  }));
  expect(timing.scripts.length).toBeGreaterThan(0);
  for (const start of timing.scripts) expect(start).toBeGreaterThanOrEqual(timing.paint);
});

test.describe('public scripts', () => {
  // No internet here: the barbers page's map tiles fail, and Chromium logs each failed tile.
  test.use({ allowedConsoleErrors: [/tile\.openstreetmap\.org|api\.mapbox\.com/] });

  test("the public pages' scripts carry no schema library: zod stays with the forms that validate", async ({
    page,
  }) => {
    const scripts = new Map<string, Promise<string>>();
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.endsWith('.js')) scripts.set(response.url(), response.text());
    });
    for (const path of ['/', '/barbershops/barbers', '/store', '/store/barber-pole-tee', '/cart']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    expect(scripts.size).toBeGreaterThan(0);
    for (const [url, text] of scripts) expect(await text, url).not.toContain('ZodError');
  });
});
