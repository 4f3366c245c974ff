import type { Barber, Shop } from '@barbershop/contract';
import { WEEKDAY_NAMES, WEEKDAYS } from '@barbershop/contract/domain';
import {
  formatAddress,
  formatDollars,
  formatDuration,
  formatPhone,
  formatTime,
  shopToday,
  slugify,
  weekdayIn,
} from '@barbershop/contract/format';
import type { APIRequestContext, Page } from '@playwright/test';
import { COPIED_NOTICE_MS } from '../apps/web/app/features/barbers/share-button.tsx';
import { PRODUCTS } from '../packages/db/src/seed/sample-data.ts';
import { expect, stopPageClock, test, withoutJavaScript } from './fixtures.ts';
import { blockTiles, serveGreyTiles, TILE_ERRORS, TILE_HOSTS } from './map-tiles.ts';
import { SHOP_TIME_ZONE } from './shop-time-zone.ts';
import { clickUntil } from './sign-in.ts';

// The barber pages a visitor opens from the home page or a shared link, and what search engines read.
// Map tiles are blocked, or served by a stand-in, in every test (map-tiles.ts).

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.status(), `GET ${path}`).toBe(200);
  return (await response.json()) as T;
}

/** The JSON-LD documents of the page, parsed. */
async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return scripts.map((text) => JSON.parse(text) as Record<string, unknown>);
}

const selectedIndex = (page: Page) => new URL(page.url()).searchParams.get('index');

test.use({ allowedConsoleErrors: [TILE_ERRORS] });

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a shared link opens on its barber, with everything about them', async ({
      page,
      request,
      checkA11y,
    }) => {
      const barbers = await getJson<Barber[]>(request, '/api/barbers');
      const shop = await getJson<Shop>(request, '/api/shop');
      const barber = barbers[3]!;
      await blockTiles(page);

      const rendered = new Date();
      await page.goto('/barbershops/barbers?index=3');
      const tablist = page.getByRole('tablist', { name: 'Barbers' });
      await expect(tablist.getByRole('tab')).toHaveText(barbers.map((b) => b.name));
      const tab = tablist.getByRole('tab', { name: barber.name });
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await expect(tab).toBeInViewport();

      const panel = page.getByRole('tabpanel', { name: barber.name });
      await expect(panel).toBeVisible();
      await expect(page.getByRole('tabpanel')).toHaveCount(1);
      await expect(panel.getByRole('heading', { level: 2 })).toHaveText(barber.name);
      await expect(panel.getByRole('img', { name: barber.profilePicture.alt })).toBeVisible();
      await expect(panel.getByText('5.0', { exact: true })).toBeVisible();
      await expect(panel.getByText('136 reviews')).toBeVisible();
      await expect(panel.locator('header')).toContainText(formatAddress(barber.address));

      for (const service of barber.services) {
        const row = panel
          .getByRole('listitem')
          .filter({ has: page.getByRole('heading', { name: service.name, exact: true }) });
        await expect(row).toContainText(formatDollars(service.price));
        await expect(row).toContainText(formatDuration(service.duration));
        const book = row.getByRole('link', { name: new RegExp(`^Book ${service.name}`) });
        await expect(book).toHaveAttribute('href', barber.booksyUrl);
        await expect(book).toHaveAttribute('target', '_blank');
        await expect(book).toHaveAttribute('rel', /\bnoopener\b/);
      }

      const side = panel.getByRole('complementary');
      await expect(side.getByRole('heading', { name: 'About Us' })).toBeVisible();
      await expect(side).toContainText(barber.about);
      await expect(side).toContainText(formatPhone(barber.phone));
      await expect(side.getByRole('link', { name: /^Call/ })).toHaveAttribute(
        'href',
        `tel:+1${barber.phone.replace(/\D/g, '').slice(-10)}`,
      );
      await expect(side.getByRole('link', { name: /^Instagram/ })).toHaveAttribute(
        'href',
        barber.instagramUrl,
      );
      const hours = side.getByRole('table', { name: 'Hours' });
      for (const day of WEEKDAYS) {
        const row = hours.getByRole('row', { name: new RegExp(`^${WEEKDAY_NAMES[day]}`) });
        const intervals = barber.hours[day];
        if (intervals.length === 0) await expect(row).toContainText('Closed');
        for (const [open, close] of intervals)
          await expect(row).toContainText(`${formatTime(open)} – ${formatTime(close)}`);
      }
      // The shop's today (America/Denver), whatever the browser's zone (UTC here) says; read on both
      // sides of the page's render, so a run across the shop's midnight accepts either day.
      const days = [rendered, new Date()].map((at) => WEEKDAY_NAMES[weekdayIn(at, SHOP_TIME_ZONE)]);
      await expect(hours.locator('tr[aria-current="date"]')).toContainText(
        new RegExp([...new Set(days)].join('|')),
      );

      const gallery = panel.getByRole('list', { name: 'Gallery' }).getByRole('img');
      await expect(gallery).toHaveCount(6);
      for (const [i, image] of barber.gallery.entries()) {
        await expect(gallery.nth(i)).toHaveAttribute('alt', image.alt);
        await expect(gallery.nth(i)).toHaveAttribute('loading', 'lazy');
        await expect(gallery.nth(i)).toHaveAttribute('srcset', image.srcSet);
      }
      for (const policy of shop.policies)
        await expect(panel.getByText(policy, { exact: true })).toBeVisible();

      await checkA11y();
    });

    test('arrow keys, Home and End move between barbers and the URL follows', async ({
      page,
      request,
      checkA11y,
    }) => {
      const barbers = await getJson<Barber[]>(request, '/api/barbers');
      await blockTiles(page);
      await page.goto('/barbershops/barbers?index=3');
      const tabs = page.getByRole('tab');
      const expectSelected = async (index: number) => {
        await expect(tabs.nth(index)).toHaveAttribute('aria-selected', 'true');
        await expect(tabs.nth(index)).toBeFocused();
        await expect(tabs.nth(index)).toHaveAttribute('tabindex', '0');
        await expect(page.getByRole('tabpanel', { name: barbers[index]!.name })).toBeVisible();
        await expect.poll(() => selectedIndex(page)).toBe(String(index));
        await expect(tabs.nth(index)).toBeInViewport();
      };

      await tabs.nth(3).focus();
      await page.keyboard.press('ArrowRight');
      await expectSelected(4);
      await expect(page.locator('[role="tab"][tabindex="0"]')).toHaveCount(1);
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await expectSelected(2);
      await page.keyboard.press('End');
      await expectSelected(barbers.length - 1);
      await page.keyboard.press('ArrowRight');
      await expectSelected(0);
      await page.keyboard.press('ArrowLeft');
      await expectSelected(barbers.length - 1);
      await page.keyboard.press('Home');
      await expectSelected(0);

      // The page keeps the last barber on reload: the URL is what a visitor would share.
      await tabs.nth(5).click();
      await expectSelected(5);
      await page.reload();
      await expect(page.getByRole('tab').nth(5)).toHaveAttribute('aria-selected', 'true');
      await checkA11y();
    });

    test("the share icon copies the link to this barber's tab", async ({ page, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await blockTiles(page);
      await page.clock.install();
      await page.goto('/barbershops/barbers?index=3');
      const panel = page.getByRole('tabpanel');

      await stopPageClock(page);
      await panel.getByRole('button', { name: /^Copy a link to/ }).click();
      const notice = page.getByText('Copied to clipboard!');
      await expect(notice).toBeVisible();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      const url = new URL(copied);
      expect(url.pathname).toBe('/barbershops/barbers');
      expect(url.searchParams.get('index')).toBe('3');
      // It goes away by itself after 2 seconds.
      await page.clock.runFor(COPIED_NOTICE_MS - 1);
      await expect(notice).toBeVisible();
      await page.clock.runFor(1);
      await expect(notice).toBeHidden();
    });

    test('the map loads on demand, zooms on a click and says when it is unavailable', async ({
      page,
      request,
      checkA11y,
    }) => {
      const barbers = await getJson<Barber[]>(request, '/api/barbers');
      const barber = barbers[3]!;
      const tiles = await blockTiles(page);
      const scripts: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'script' || r.resourceType() === 'stylesheet') scripts.push(r.url());
      });

      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(scripts.filter((url) => /leaflet/i.test(url))).toEqual([]);

      // From the home page's barber card, as a visitor would.
      await page
        .getByRole('region', { name: 'Our Barbers' })
        .getByRole('link', { name: barber.name })
        .click();
      await expect(page).toHaveURL(/\/barbershops\/barbers\?index=3$/);
      const panel = page.getByRole('tabpanel', { name: barber.name });
      const address = formatAddress(barber.address);
      const map = panel.getByRole('region', { name: `Map of ${address}` });
      await expect(map).toHaveCSS('height', '150px');
      // Leaflet loads as the map comes near the screen, as a visitor scrolls to it.
      await map.scrollIntoViewIfNeeded();
      await expect(
        panel.getByText('Map unavailable. The address and directions below still work.'),
      ).toBeVisible();
      expect(scripts.some((url) => /leaflet/i.test(url))).toBe(true);
      expect(tiles.length).toBeGreaterThan(0);
      expect(tiles.every((url) => url.startsWith('https://tile.openstreetmap.org/11/'))).toBe(true);
      await expect(map.getByRole('link', { name: 'OpenStreetMap' })).toBeVisible();

      const zoom = panel.getByRole('button', { name: 'Zoom map in' });
      await expect(zoom).toBeVisible();
      const before = tiles.length;
      await map.click();
      await expect(panel.getByRole('button', { name: 'Zoom map out' })).toBeVisible();
      await expect.poll(() => tiles.slice(before).some((url) => url.includes('.org/14/'))).toBe(true);
      await panel.getByRole('button', { name: 'Zoom map out' }).click();
      await expect(panel.getByRole('button', { name: 'Zoom map in' })).toBeVisible();

      await expect(panel.locator('address')).toHaveText(address);
      const directions = panel.getByText('Get directions');
      await directions.click();
      await expect(panel.getByRole('link', { name: /^Google Maps/ })).toHaveAttribute(
        'href',
        `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}`,
      );
      // Chromium on Linux: the device's maps app through a geo: URI.
      await expect(panel.getByRole('link', { name: 'Maps app on this device' })).toHaveAttribute(
        'href',
        `geo:${barber.lat},${barber.lng}?q=${encodeURIComponent(address)}`,
      );
      await checkA11y();
      // From the keyboard, Escape closes the choice as it does the header's menus, focus back on it.
      await panel.getByRole('link', { name: /^Google Maps/ }).focus();
      await page.keyboard.press('Escape');
      await expect(panel.getByRole('link', { name: /^Google Maps/ })).toBeHidden();
      await expect(panel.locator('summary', { hasText: 'Get directions' })).toBeFocused();
    });
  });
}

test('when tiles arrive the map shows with no notice over it', async ({ page, request }) => {
  const barbers = await getJson<Barber[]>(request, '/api/barbers');
  await serveGreyTiles(page);
  await page.goto('/barbershops/barbers?index=1');
  const panel = page.getByRole('tabpanel', { name: barbers[1]!.name });
  await panel.getByRole('region', { name: /^Map of / }).scrollIntoViewIfNeeded();
  await expect(panel.locator('.leaflet-tile-loaded').first()).toBeAttached();
  await expect(panel.getByRole('button', { name: 'Zoom map in' })).toBeVisible();
  await expect(panel.getByText('Map unavailable', { exact: false })).toHaveCount(0);
  await expect(panel.getByText('Loading map')).toHaveCount(0);
});

test('when tiles never answer the map stops waiting and says so', async ({ page }) => {
  // Requests left hanging, as on a network that swallows them: no error event ever comes.
  await page.route(TILE_HOSTS, () => {});
  await page.goto('/barbershops/barbers?index=2');
  const panel = page.getByRole('tabpanel');
  await panel.getByRole('region', { name: /^Map of / }).scrollIntoViewIfNeeded();
  await expect(panel.getByText('Loading map…')).toBeVisible();
  await expect(panel.getByText('Map unavailable. The address and directions below still work.')).toBeVisible({
    timeout: 10_000,
  });
  await expect(panel.getByText('Loading map…')).toHaveCount(0);
});

test('on a phone the map code loads only when the map is scrolled near', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await blockTiles(page);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/barbershops/barbers');
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((url) => /leaflet/i.test(url))).toEqual([]);
  await page
    .getByRole('tabpanel')
    .getByRole('region', { name: /^Map of / })
    .scrollIntoViewIfNeeded();
  await expect.poll(() => scripts.some((url) => /leaflet/i.test(url))).toBe(true);
});

test('on a phone where copying is refused, the link to copy by hand is text iOS does not zoom into', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await blockTiles(page);
  // An in-app browser that allows neither way of copying.
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', { value: undefined });
    document.execCommand = () => false;
  });
  await page.goto('/barbershops/barbers');
  await page
    .getByRole('tabpanel')
    .getByRole('button', { name: /^Copy a link to / })
    .click();
  const field = page.getByRole('textbox', { name: 'Copy this link:' });
  await expect(field).toBeFocused();
  await expect(field).toHaveValue(/\/barbershops\/barbers\?index=0$/);
  // Safari on an iPhone zooms the page into a field whose text is under 16 px when it takes focus.
  expect(
    await field.evaluate((input) => Number.parseFloat(getComputedStyle(input).fontSize)),
  ).toBeGreaterThanOrEqual(16);
});

test('on a phone the tabs scroll sideways instead of squeezing the page', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await blockTiles(page);
  await page.goto('/barbershops/barbers?index=5');
  const tablist = page.getByRole('tablist');
  const { scrollWidth, clientWidth } = await tablist.evaluate((el) => ({
    scrollWidth: el.scrollWidth,
    clientWidth: el.clientWidth,
  }));
  expect(scrollWidth).toBeGreaterThan(clientWidth);
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth).toBeLessThanOrEqual(320);
  await page.getByRole('tab').nth(5).focus();
  await expect(page.getByRole('tab').nth(5)).toBeInViewport();
});

test('a tapped tab is marked at once, in a render of its own before its panel is drawn', async ({ page }) => {
  // Drawn together, the new panel's profile, gallery and map held the tab's mark back: 400-700 ms on a
  // phone with a 4x slower CPU (docs/performance.md, inp pass). The order, not the time, is asserted.
  await page.setViewportSize({ width: 390, height: 844 });
  await blockTiles(page);
  await page.goto('/barbershops/barbers');
  const tabs = page.getByRole('tab');
  const panelHeading = page.getByRole('tabpanel').getByRole('heading', { level: 2 });
  // Once the page runs: a tap before then follows the tab's link.
  await clickUntil(tabs.nth(1), panelHeading.filter({ hasText: (await tabs.nth(1).textContent()) ?? '' }));
  const panelId = await tabs.nth(2).getAttribute('aria-controls');
  await page.evaluate((id) => {
    const seen: { tab: boolean; panel: boolean }[] = [];
    (window as unknown as { seen: typeof seen }).seen = seen;
    const tab = document.querySelector(`[aria-controls="${id}"]`);
    new MutationObserver(() => {
      const panel = document.getElementById(`${id}`);
      seen.push({
        tab: tab?.getAttribute('aria-selected') === 'true',
        panel: !!panel && !panel.hidden && !!panel.querySelector('h2'),
      });
    }).observe(document.querySelector('main')!, { subtree: true, attributes: true, childList: true });
  }, panelId);
  await tabs.nth(2).click();
  await expect(panelHeading).toHaveText((await tabs.nth(2).textContent()) ?? '');
  const seen = await page.evaluate(
    () => (window as unknown as { seen: { tab: boolean; panel: boolean }[] }).seen,
  );
  expect(seen[0], 'what the first change to the page showed').toEqual({ tab: true, panel: false });
  expect(seen.at(-1)).toEqual({ tab: true, panel: true });
});

test("a focused tab's ring is drawn whole: the tab strip scrolls sideways, and clips what passes its edges", async ({
  page,
}) => {
  await blockTiles(page);
  for (const width of [1280, 320]) {
    await page.setViewportSize({ width, height: 700 });
    await page.goto('/barbershops/barbers');
    await page.waitForLoadState('networkidle');
    const tab = page.getByRole('tab', { selected: true });
    await tab.focus();
    await expect(tab).toBeFocused();
    // The ring's outer edge (outline width plus offset) must lie inside the tab strip's box.
    const { ring, cut } = await tab.evaluate((el) => {
      const style = getComputedStyle(el);
      const reach = Number.parseFloat(style.outlineWidth) + Number.parseFloat(style.outlineOffset);
      const box = el.getBoundingClientRect();
      const strip = el.closest('[role="tablist"]')!.getBoundingClientRect();
      return {
        ring: style.outlineStyle,
        cut: Math.max(
          strip.left - (box.left - reach),
          box.right + reach - strip.right,
          strip.top - (box.top - reach),
          box.bottom + reach - strip.bottom,
        ),
      };
    });
    expect(ring).toBe('solid');
    expect(cut, `at ${width} px`).toBeLessThanOrEqual(0);
  }
});

test('without JavaScript every barber is one click away: each tab links to its own page', async ({
  browser,
  baseURL,
  request,
}) => {
  const barbers = await getJson<Barber[]>(request, '/api/barbers');
  await withoutJavaScript(browser, baseURL, async (page) => {
    await blockTiles(page);
    await page.goto('/barbershops/barbers');
    await page.getByRole('tab', { name: barbers[3]!.name }).click();
    await expect(page).toHaveURL(/\/barbershops\/barbers\?index=3$/);
    await expect(page.getByRole('tab', { name: barbers[3]!.name })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel').getByRole('heading', { name: barbers[3]!.name })).toBeVisible();
  });
});

test("the page preloads only the open barber's portrait, and every tab's picture still shows", async ({
  page,
  request,
}) => {
  // Each preload of a tab's small picture was reported unused by Chromium; the pictures load anyway.
  const html = await (await request.get('/barbershops/barbers')).text();
  expect(html.match(/<link rel="preload" as="image"/g)).toHaveLength(1);
  await blockTiles(page);
  await page.goto('/barbershops/barbers');
  const pictures = page.getByRole('tab').locator('img');
  await expect(pictures).toHaveCount(6);
  for (const picture of await pictures.all()) {
    await expect(picture).toHaveJSProperty('complete', true);
    expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }
});

test('any /barbershops address shows the tabs; a bad index opens the first barber', async ({
  page,
  request,
}) => {
  const barbers = await getJson<Barber[]>(request, '/api/barbers');
  await blockTiles(page);
  for (const path of ['/barbershops', '/barbershops/downtown?index=99', '/barbershops/barbers?index=two']) {
    await page.goto(path);
    await expect(page.getByRole('tab', { name: barbers[0]!.name })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: barbers[0]!.name })).toBeVisible();
  }
});

test("a tab left open past the shop's midnight highlights the new day, then or when it is shown again", async ({
  page,
}) => {
  await blockTiles(page);
  await page.clock.install();
  await page.goto('/barbershops/barbers');
  const highlighted = page
    .getByRole('tabpanel')
    .getByRole('table', { name: 'Hours' })
    .locator('tr[aria-current="date"]');
  await stopPageClock(page);
  const today = shopToday(new Date(await page.evaluate(() => Date.now())), SHOP_TIME_ZONE);
  const nextDay = shopToday(new Date(today.endsAt), SHOP_TIME_ZONE);
  const dayAfter = shopToday(new Date(nextDay.endsAt), SHOP_TIME_ZONE);

  await expect(highlighted).toContainText(WEEKDAY_NAMES[today.weekday]);
  await page.clock.pauseAt(today.endsAt - 1);
  await expect(highlighted).toContainText(WEEKDAY_NAMES[today.weekday]);
  await page.clock.runFor(1);
  await expect(highlighted).toContainText(WEEKDAY_NAMES[nextDay.weekday]);

  // A computer asleep past midnight: its clock moved on, its timers did not.
  await page.clock.setSystemTime(nextDay.endsAt + 60_000);
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(highlighted).toContainText(WEEKDAY_NAMES[dayAfter.weekday]);
});

test('where the Clipboard API is refused, the link is still copied', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.addInitScript(() => {
    navigator.clipboard.writeText = () => {
      (window as { e2eRefusedWrites?: number }).e2eRefusedWrites =
        ((window as { e2eRefusedWrites?: number }).e2eRefusedWrites ?? 0) + 1;
      return Promise.reject(new DOMException('Refused', 'NotAllowedError'));
    };
  });
  await blockTiles(page);
  await page.clock.install();
  await page.goto('/barbershops/barbers?index=2');
  // The notice shows for 2 s, which a busy machine's runner can look past: the page's clock stands still.
  await stopPageClock(page);
  await page
    .getByRole('tabpanel')
    .getByRole('button', { name: /^Copy a link to/ })
    .click();
  await expect(page.getByText('Copied to clipboard!')).toBeVisible();
  expect(await page.evaluate(() => (window as { e2eRefusedWrites?: number }).e2eRefusedWrites)).toBe(1);
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(new URL(copied).searchParams.get('index')).toBe('2');
});

test('search engines read the shop and the barbers as hair salons', async ({ page, request }) => {
  const shop = await getJson<Shop>(request, '/api/shop');
  const barbers = await getJson<Barber[]>(request, '/api/barbers');
  await blockTiles(page);

  await page.goto('/');
  const salon = (await jsonLd(page)).find((doc) => doc['@type'] === 'HairSalon');
  expect(salon).toMatchObject({
    '@context': 'https://schema.org',
    name: shop.name,
    telephone: shop.phone,
    address: {
      '@type': 'PostalAddress',
      streetAddress: `${shop.address.line1}, ${shop.address.line2}`,
      addressLocality: shop.address.city,
      addressRegion: shop.address.state,
      postalCode: shop.address.postal_code,
      addressCountry: shop.address.country,
    },
    geo: { latitude: shop.lat, longitude: shop.lng },
    sameAs: shop.socialLinks.map((link) => link.url),
  });
  // The shop's own week, as its settings give it (its barbers' hours stand in only for a shop without).
  const specs = salon?.openingHoursSpecification as { dayOfWeek: string[]; opens: string; closes: string }[];
  for (const day of WEEKDAYS) {
    const given = specs
      .filter((spec) => spec.dayOfWeek.includes(WEEKDAY_NAMES[day]))
      .map((spec) => [spec.opens, spec.closes]);
    expect(given.sort(), WEEKDAY_NAMES[day]).toEqual([...shop.hours[day]].sort());
  }
  const origin = new URL(page.url()).origin;
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${origin}/`);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', new RegExp(shop.name));
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^http.*\.webp$/);

  await page.goto('/barbershops/downtown?index=1&utm_source=newsletter');
  const docs = await jsonLd(page);
  expect(docs.find((doc) => doc['@type'] === 'HairSalon')).toMatchObject({
    name: expect.stringContaining(barbers[1]!.name),
    telephone: barbers[1]!.phone,
    address: {
      '@type': 'PostalAddress',
      addressLocality: barbers[1]!.address.city,
      addressRegion: barbers[1]!.address.state,
      postalCode: barbers[1]!.address.postal_code,
    },
    url: `${origin}/barbershops/barbers?index=1`,
    sameAs: [barbers[1]!.instagramUrl],
  });
  expect(docs.find((doc) => doc['@type'] === 'BreadcrumbList')).toMatchObject({
    itemListElement: [
      { position: 1, name: 'Home', item: `${origin}/` },
      { position: 2, name: 'Barbers', item: `${origin}/barbershops/barbers` },
    ],
  });
  await expect(page).toHaveTitle(`${barbers[1]!.name} | Barbers at ${shop.name}`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    `${origin}/barbershops/barbers?index=1`,
  );
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute(
    'content',
    `${origin}/barbershops/barbers?index=1`,
  );
});

test("the sitemap lists the public pages, each barber's tab and the products on sale, robots.txt points to it", async ({
  request,
  baseURL,
}) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()['content-type']).toContain('application/xml');
  const locations = [...(await sitemap.text()).matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
  for (const path of ['/', '/barbershops/barbers', '/store', '/legal/privacy', '/legal/terms']) {
    expect(locations).toContain(`${baseURL}${path}`);
  }
  // Each barber's tab is a page of its own to search engines: its canonical URL is listed.
  const barbers = await getJson<Barber[]>(request, '/api/barbers');
  for (const index of barbers.keys()) {
    const html = await (await request.get(`/barbershops/barbers?index=${index}`)).text();
    const canonical = html.match(/<link rel="canonical" href="([^"]*)"/)?.[1];
    expect(locations, `barber ${index}`).toContain(canonical?.replaceAll('&amp;', '&'));
  }
  const onSale = PRODUCTS.filter((p) => p.published && !p.archived);
  const hidden = PRODUCTS.filter((p) => !p.published || p.archived);
  expect(hidden.length).toBeGreaterThan(0);
  for (const product of onSale) expect(locations).toContain(`${baseURL}/store/${slugify(product.name)}`);
  for (const product of hidden) expect(locations).not.toContain(`${baseURL}/store/${slugify(product.name)}`);

  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  const lines = (await robots.text()).split('\n');
  for (const path of ['/dashboard', '/account', '/api', '/checkout', '/cart'])
    expect(lines).toContain(`Disallow: ${path}`);
  expect(lines).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});
