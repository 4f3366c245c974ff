import type { Shop } from '@barbershop/contract';
import { WEEKDAYS } from '@barbershop/contract/domain';
import type { Browser, Page } from '@playwright/test';
import { TOAST_MS } from '../apps/web/app/components/toast.tsx';
import { expect, sidewaysScroll, stopPageClock, test, waitForTheAppOnNavigation } from './fixtures.ts';
import { startOwnServer } from './own-server.ts';
import { BOTTOM_BAND, bandedPhoto, shownEnds, TOP_BAND } from './pictures.ts';
import { signIn } from './sign-in.ts';

// A real shop's first day, as docs/operations.md has it: the server on a database nobody seeded, the
// owner made an admin by ADMIN_EMAILS. The shared end-to-end server holds the sample shop, so this
// file starts one of its own. Its tests run in order: the owner's save ends the empty shop.

const OWNER = 'owner@first-day.example';
let server: Awaited<ReturnType<typeof startOwnServer>> | undefined;
let site = '';

test.beforeAll(async () => {
  server = await startOwnServer('empty-shop', { seed: false, env: { ADMIN_EMAILS: OWNER } });
  site = server.site;
});

test.afterAll(() => server?.stop());

async function visitor(browser: Browser, width = 1280): Promise<Page> {
  const context = waitForTheAppOnNavigation(
    await browser.newContext({ baseURL: site, viewport: { width, height: 844 } }),
  );
  return context.newPage();
}

/** The details the owner gives on the first day, as the second test types them in. */
const DETAILS = {
  phone: '303-555-0199',
  email: 'hello@fadeandfeather.example',
  address: {
    line1: '1200 Pearl St',
    line2: '',
    city: 'Boulder',
    state: 'CO',
    postal_code: '80302',
    country: 'US',
  },
};

/**
 * Saves the owner's details unless the shop has them: a later test run alone, or after a failure
 * restarted the worker (and so this file's server), finds the shop set up all the same.
 */
async function setUpShop(owner: Page) {
  const shop = (await (await owner.request.get('/api/shop')).json()) as Shop;
  if (shop.configured) return;
  const saved = await owner.request.put('/api/shop', { data: { ...DETAILS, version: shop.version } });
  expect(saved.status()).toBe(200);
}

/** The owner, signed in, on a page of the dashboard (Shop Settings unless said), the shop set up if asked. */
async function ownerOn(
  browser: Browser,
  path = '/dashboard/settings',
  { width, setUp = false }: { width?: number; setUp?: boolean } = {},
): Promise<Page> {
  const owner = await visitor(browser, width);
  await signIn(owner, OWNER);
  if (setUp) await setUpShop(owner);
  await owner.goto(path);
  return owner;
}

/** The HairSalon the home page describes the shop with to search engines, if any. */
async function hairSalon(page: Page): Promise<Record<string, unknown> | undefined> {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return scripts.map((text) => JSON.parse(text)).find((data) => data['@type'] === 'HairSalon');
}

test('an empty shop offers no stand-in phone, email or address as its own, nor headings over nothing', async ({
  browser,
  checkA11y,
}) => {
  for (const width of [1280, 390]) {
    const page = await visitor(browser, width);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Barbershop' })).toBeVisible();
    await expect(page.getByText('Our barbers will be introduced here soon.')).toBeVisible();
    // No number to call, no city in the title, no salon at "City, ST 00000" for search engines.
    await expect(page.getByText('Schedule an appointment')).toHaveCount(0);
    await expect(page.locator('a[href^="tel:"]')).toHaveCount(0);
    await expect(page).toHaveTitle('Barbershop | Barbershop');
    expect(await hairSalon(page)).toBeUndefined();
    // No "Follow us" over no links.
    await expect(page.getByRole('contentinfo')).not.toContainText('Follow us');
    await expect(page.getByRole('navigation', { name: 'Legal' })).toBeVisible();
    await checkA11y(page);

    // No "Our barbers' policies:" over no policies.
    await page.goto('/legal/terms');
    await expect(
      page.getByText('Appointments are booked with each barber through their booking page.', { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText('policies');
    await checkA11y(page);

    await page.goto('/legal/privacy');
    await expect(page.getByText('Write to us or visit us at the shop.')).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText('example.com');
    await checkA11y(page);
    await page.context().close();
  }
});

test('the owner is asked for the real details, which the public pages then show', async ({
  browser,
  checkA11y,
}) => {
  const owner = await ownerOn(browser);
  await expect(
    owner
      .getByRole('main')
      .getByRole('status')
      .filter({ hasText: /^Your shop/ }),
  ).toHaveText(
    'Your shop is not set up yet: until you save its phone, email and address here, the public pages leave them out.',
  );
  // The stand-ins are not there to be saved by a save that changed only the name.
  await expect(owner.getByRole('textbox', { name: 'Phone' })).toHaveValue('');
  await expect(owner.getByRole('textbox', { name: 'Email' })).toHaveValue('');
  await expect(owner.getByRole('textbox', { name: 'Address line 1' })).toHaveValue('');
  await checkA11y(owner);
  await owner.getByRole('textbox', { name: 'Shop name' }).fill('Fade & Feather');
  await owner.getByRole('button', { name: 'Save settings' }).click();
  await expect(owner.getByRole('main').getByRole('alert').first()).toHaveText(
    'Settings not saved: check the fields marked below.',
  );
  await expect(owner.getByRole('textbox', { name: 'Phone' })).toHaveAttribute('aria-invalid', 'true');
  await expect(owner.getByRole('textbox', { name: 'Shop name' })).toHaveValue('Fade & Feather');

  await owner.getByRole('textbox', { name: 'Phone' }).fill(DETAILS.phone);
  await owner.getByRole('textbox', { name: 'Email' }).fill(DETAILS.email);
  await owner.getByRole('textbox', { name: 'Address line 1' }).fill(DETAILS.address.line1);
  await owner.getByRole('textbox', { name: 'City' }).fill(DETAILS.address.city);
  await owner.getByRole('textbox', { name: 'State' }).fill(DETAILS.address.state);
  await owner.getByRole('textbox', { name: 'Postal code' }).fill(DETAILS.address.postal_code);
  await owner.getByRole('button', { name: 'Save settings' }).click();
  await expect(owner.getByRole('status').filter({ hasText: 'Settings saved' })).toBeVisible();
  await expect(owner.getByText('Your shop is not set up yet')).toHaveCount(0);

  const page = await visitor(browser);
  await page.goto('/');
  await expect(page.getByRole('link', { name: '(303) 555-0199' })).toHaveAttribute(
    'href',
    'tel:+13035550199',
  );
  await expect(page).toHaveTitle('Fade & Feather | Barbershop in Boulder');
  expect(await hairSalon(page)).toMatchObject({
    telephone: '303-555-0199',
    email: 'hello@fadeandfeather.example',
  });
  // Where to find the shop; no week of 'Closed' before the owner has given any hours.
  const visit = page.getByRole('region', { name: 'Visit Us' });
  await expect(visit.locator('address')).toHaveText('1200 Pearl St, Boulder, CO 80302');
  await expect(visit.getByRole('table')).toHaveCount(0);
  await page.goto('/legal/privacy');
  await expect(
    page.getByText('Write to hello@fadeandfeather.example or visit us at the shop.'),
  ).toBeVisible();
});

test("the owner states the shop's policies, one a line, which the terms then list", async ({
  browser,
  checkA11y,
}) => {
  const owner = await ownerOn(browser, '/dashboard/settings', { width: 390, setUp: true });
  const policies = owner.getByRole('textbox', { name: 'Policies' });
  await expect(policies).toHaveValue('');
  await policies.focus();
  await owner.keyboard.type('Missed appointments are charged a $15 fee.');
  await owner.keyboard.press('Enter');
  await owner.keyboard.press('Enter');
  await owner.keyboard.type(`Walk-ins welcome. ${'Really. '.repeat(40)}`);
  // Typed and not saved: leaving asks first.
  await owner.getByRole('button', { name: 'Menu', exact: true }).click();
  await owner.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Orders' }).click();
  const leave = owner.getByRole('dialog', { name: 'Leave without saving?' });
  await leave.getByRole('button', { name: 'Stay on this page' }).click();

  await owner.getByRole('button', { name: 'Save settings' }).click();
  await expect(policies).toHaveAttribute('aria-invalid', 'true');
  await expect(policies).toHaveAccessibleDescription(/Line 3: Each policy must be 300 characters or fewer$/);
  await checkA11y(owner);
  await policies.fill('Missed appointments are charged a $15 fee.\n\nWalk-ins welcome.\n');

  // A refusal of the server's is marked beside the box too.
  await owner.route('**/api/shop', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({
          status: 400,
          json: {
            error: {
              code: 'bad_request',
              message: 'body.policies.2: Each policy must be text',
              issues: [{ path: 'body.policies.2', message: 'Each policy must be text' }],
            },
          },
        })
      : route.fallback(),
  );
  await owner.getByRole('button', { name: 'Save settings' }).click();
  await expect(owner.getByRole('main').getByRole('alert').first()).toHaveText(
    'Settings not saved: body.policies.2: Each policy must be text',
  );
  await expect(policies).toHaveAccessibleDescription(/Line 3: Each policy must be text$/);
  await owner.unroute('**/api/shop');

  await owner.getByRole('button', { name: 'Save settings' }).click();
  await expect(owner.getByRole('status').filter({ hasText: 'Settings saved' })).toBeVisible();
  await expect(policies).not.toHaveAttribute('aria-invalid');

  const page = await visitor(browser);
  await page.goto('/legal/terms');
  await expect(page.getByRole('main').getByRole('listitem')).toHaveText([
    'Missed appointments are charged a $15 fee.',
    'Walk-ins welcome.',
  ]);
  await owner.context().close();
  await page.context().close();
});

test("the owner's opening hours show on home, 'Closed' on the other days, and for search engines", async ({
  browser,
  checkA11y,
}) => {
  const owner = await ownerOn(browser, '/dashboard/settings', { setUp: true });
  const week = owner.getByRole('group', { name: 'Opening hours' });
  for (const day of ['Tuesday', 'Saturday']) {
    await week.getByRole('button', { name: `Add hours on ${day}` }).click();
  }
  // Each day's new hours start at 9 to 5.
  await expect(week.locator('input[type="time"]')).toHaveCount(4);
  await week.getByLabel(/^Saturday range 1\s*Closes$/).fill('14:00');
  await owner.getByRole('button', { name: 'Save settings' }).click();
  await expect(owner.getByRole('status').filter({ hasText: 'Settings saved' })).toBeVisible();

  for (const width of [1280, 320]) {
    const page = await visitor(browser, width);
    await page.goto('/');
    const hours = page
      .getByRole('region', { name: 'Visit Us' })
      .getByRole('table', { name: 'Opening Hours' });
    await expect(hours.getByRole('cell')).toHaveText([
      'Closed',
      '9:00 AM – 5:00 PM',
      'Closed',
      'Closed',
      'Closed',
      '9:00 AM – 2:00 PM',
      'Closed',
    ]);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await checkA11y(page);
    expect((await hairSalon(page))?.openingHoursSpecification).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Tuesday'], opens: '09:00', closes: '17:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '09:00', closes: '14:00' },
    ]);
    await page.context().close();
  }
  await owner.context().close();
});

test("the owner's first product is said to be a draft, with the way to publish it", async ({ browser }) => {
  const owner = await visitor(browser, 390);
  await signIn(owner, OWNER);
  // The page's own clock, moved on by the test: the notice is to outlast a toast's usual time.
  await owner.clock.install();
  await owner.goto('/dashboard/products/create');
  await owner.getByRole('textbox', { name: 'Name', exact: true }).fill('Feather Cap');
  await owner.getByRole('textbox', { name: 'Description' }).fill('A cap with the shop’s feather.');
  await owner.getByRole('textbox', { name: 'Pricing (dollars)' }).fill('28');
  await owner.getByRole('combobox', { name: 'Category' }).selectOption('Hats');
  await owner.getByRole('button', { name: 'Create product' }).click();

  // Back at the list, as SPEC.md has it; the notice says what the badge alone said.
  await expect(owner).toHaveURL(/\/dashboard\/products$/);
  const notice = owner
    .getByRole('status')
    .filter({ hasText: 'Product Feather Cap created as a draft: the store shows it once published.' });
  await expect(notice).toBeVisible();
  await stopPageClock(owner);
  await owner.clock.runFor(TOAST_MS * 3);
  await expect(notice).toBeVisible();
  const store = await visitor(browser);
  await store.goto('/store');
  await expect(store.getByText('New goods are on their way. Check back soon.')).toBeVisible();

  await notice.getByRole('link', { name: 'Publish it on its page' }).click();
  await expect(owner.getByRole('heading', { level: 1, name: 'Feather Cap' })).toBeVisible();
  await expect(notice).toBeHidden();
  await owner.getByRole('button', { name: 'Publish' }).click();
  await expect(owner.getByText('PUBLISHED', { exact: true })).toBeVisible();
  await store.reload();
  await expect(store.getByRole('link', { name: /Feather Cap/ })).toBeVisible();
  await owner.context().close();
  await store.context().close();
});

test("the owner's first barber shows no rating before any review", async ({ browser, checkA11y }) => {
  const owner = await ownerOn(browser, '/dashboard/barbers/create');
  await owner.getByRole('textbox', { name: 'Name', exact: true }).fill('Remy Cole');
  await owner.getByRole('textbox', { name: 'Phone' }).fill('303-555-0120');
  await owner.getByRole('textbox', { name: 'Email' }).fill('remy@fadeandfeather.example');
  await owner.getByRole('textbox', { name: 'Address line 1' }).fill('1200 Pearl St');
  await owner.getByRole('textbox', { name: 'City' }).fill('Boulder');
  await owner.getByRole('textbox', { name: 'State' }).fill('CO');
  await owner.getByRole('textbox', { name: 'Postal code' }).fill('80302');
  await owner.getByRole('textbox', { name: 'Country' }).fill('US');
  // The form's defaults: 5.0 over 0 reviews.
  await expect(owner.getByRole('textbox', { name: 'Review count' })).toHaveValue('0');
  await owner.getByRole('button', { name: 'Create barber' }).click();
  await expect(owner.getByRole('status').filter({ hasText: 'Barber Remy Cole created' })).toBeVisible();

  const page = await visitor(browser, 390);
  await page.goto('/barbershops/barbers');
  const header = page.getByRole('tabpanel', { name: 'Remy Cole' }).locator('header');
  await expect(header).toContainText('No reviews yet');
  await expect(header).not.toContainText('5.0');
  await expect(header).not.toContainText('Rated');
  const salon = await hairSalon(page);
  expect(salon).not.toHaveProperty('aggregateRating');
  // No portrait yet: previews and search engines get no picture, not the stand-in.
  expect(salon).not.toHaveProperty('image');
  await expect(page.locator('meta[property="og:image"]')).toHaveCount(0);
  await checkA11y(page);
  await owner.context().close();
  await page.context().close();
});

test("a barber at the shop takes the shop's address at a press, the rest as typed", async ({
  browser,
  checkA11y,
}) => {
  const owner = await ownerOn(browser, '/dashboard/barbers/create', { width: 390, setUp: true });
  await owner.getByRole('textbox', { name: 'Name', exact: true }).fill('Jo Park');
  // Left empty, a newcomer goes after the barbers there are: their tabs and `?index=` links stay put.
  await expect(owner.getByRole('textbox', { name: 'Display order' })).toHaveValue('');
  await owner.getByRole('textbox', { name: 'Phone' }).fill('303-555-0121');
  await owner.getByRole('textbox', { name: 'Email' }).fill('jo@fadeandfeather.example');
  await owner.getByRole('textbox', { name: 'City' }).fill('Denver');
  const address = owner.getByRole('group', { name: 'Address' });
  await address.getByRole('button', { name: "Use the shop's address" }).click();
  // The shop's address as its settings have it, over what was typed there; the rest kept.
  const expected = {
    'Address line 1': '1200 Pearl St',
    'Address line 2': '',
    City: 'Boulder',
    State: 'CO',
    'Postal code': '80302',
    Country: 'US',
  };
  for (const [label, value] of Object.entries(expected)) {
    await expect(address.getByRole('textbox', { name: label })).toHaveValue(value);
  }
  await expect(owner.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Jo Park');
  await checkA11y(owner);
  await owner.getByRole('button', { name: 'Create barber' }).click();
  await expect(owner.getByRole('status').filter({ hasText: 'Barber Jo Park created' })).toBeVisible();

  const page = await visitor(browser);
  await page.goto('/barbershops/barbers');
  // After Remy Cole, the first barber (the test before), though J sorts before R.
  await expect(page.getByRole('tab').last()).toHaveAccessibleName('Jo Park');
  await page.getByRole('tab', { name: 'Jo Park' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Jo Park' }).locator('header')).toContainText(
    '1200 Pearl St, Boulder, CO 80302',
  );
  await owner.context().close();
  await page.context().close();
});

test("a barber's photos of their work are shown whole, an upright phone photo with the top of the cut", async ({
  browser,
}) => {
  const owner = await ownerOn(browser, '/dashboard/barbers', { setUp: true });
  // A haircut photographed upright on a phone, 3:4: the gallery's landscape tiles cropped to its middle
  // would leave out the top of the cut and the neckline.
  const haircut = await bandedPhoto(900, 1200, '#8a6a4a');
  const name = `Rae Quinn ${Date.now() % 100_000}`;
  const created = await owner.request.post('/api/barbers', {
    headers: { origin: site },
    multipart: {
      form: JSON.stringify({
        name,
        phone: '303-555-0122',
        email: 'rae@fadeandfeather.example',
        address: DETAILS.address,
        hours: Object.fromEntries(WEEKDAYS.map((day) => [day, []])),
        gallery: [{ upload: 0 }],
      }),
      images: { name: 'IMG_2231.jpg', mimeType: 'image/jpeg', buffer: haircut },
    },
  });
  expect(created.status()).toBe(200);

  const page = await visitor(browser);
  await page.goto('/barbershops/barbers');
  await page.getByRole('tab', { name }).click();
  const photo = page
    .getByRole('tabpanel', { name })
    .getByRole('img', { name: `Haircut by ${name}, photo 1` });
  expect(await shownEnds(photo)).toEqual([TOP_BAND, BOTTOM_BAND]);
  await owner.context().close();
  await page.context().close();
});
