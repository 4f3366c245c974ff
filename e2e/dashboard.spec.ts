import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import {
  ACCESS,
  type AdminProductDetail,
  type Barber,
  type CatalogProduct,
  ITEMS_PAGE,
  nameTakenMessage,
  SEARCH_MAX_LENGTH,
  type UserSummary,
} from '@barbershop/contract';
import { WEEKDAYS } from '@barbershop/contract/domain';
import type { Browser, Page } from '@playwright/test';
import { TOAST_MS } from '../apps/web/app/components/toast.tsx';
import {
  beforeHydration,
  expect,
  stopPageClock,
  test,
  waitForTheAppOnNavigation,
  withoutJavaScript,
} from './fixtures.ts';
import { createProduct } from './products.ts';
import { chooseAccount, DEMO, ownCustomer, signIn } from './sign-in.ts';

// The staff dashboard: access, the sidebar at its breakpoint, products from creation to publishing,
// items, keyboard use, and axe on every page.

/**
 * A small solid-colour PNG, made here so the test needs no fixture files; `padding` bytes of a private
 * chunk browsers skip make it as large a file as a test needs.
 */
function png(r: number, g: number, b: number, padding = 0): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const size = 8;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    ...(padding ? [chunk('paDd', Buffer.alloc(padding))] : []),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 1 x 1 BMP: a picture the browser shows and the server does not take (JPEG, PNG, WebP, AVIF, GIF). */
function bmp(): Buffer {
  const file = Buffer.alloc(58);
  file.write('BM', 0, 'ascii');
  file.writeUInt32LE(58, 2);
  file.writeUInt32LE(54, 10);
  file.writeUInt32LE(40, 14);
  file.writeInt32LE(1, 18);
  file.writeInt32LE(1, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(24, 28);
  file.writeUInt32LE(4, 34);
  file.set([30, 30, 200], 54);
  return file;
}

/** Client-side controls work once the page has hydrated; its scripts have all loaded by network idle. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
}

/** The user with this email, found as the dashboard's users search finds them. */
async function userByEmail(page: Page, email: string): Promise<UserSummary> {
  const [user] = (await (
    await page.request.get(`/api/users?q=${encodeURIComponent(email)}`)
  ).json()) as UserSummary[];
  return user!;
}

/** Types a US address into the page's Address fields: line 1, city, state and postal code. */
async function fillAddress(page: Page, [line1, city, state, postalCode]: [string, string, string, string]) {
  const form = page.getByRole('group', { name: 'Address' });
  await form.getByRole('textbox', { name: 'Address line 1' }).fill(line1);
  await form.getByRole('textbox', { name: 'City' }).fill(city);
  await form.getByRole('textbox', { name: 'State' }).fill(state);
  await form.getByRole('textbox', { name: 'Postal code' }).fill(postalCode);
  await form.getByRole('textbox', { name: 'Country' }).fill('US');
}

async function signInAsStaff(page: Page) {
  await open(page, '/');
  await signIn(page, DEMO.staff);
}

test('a customer opening a dashboard page is sent to /sign-in with the reason', async ({ page }) => {
  await open(page, '/');
  await signIn(page, DEMO.customer);
  await page.goto('/dashboard/products');
  await expect(page).toHaveURL(/\/sign-in\?/);
  await expect(page.getByRole('alert')).toHaveText('You are not authorized to access this page');
});

test("a page's data asked for without the dashboard's own is refused the same way, never a 500", async ({
  page,
}) => {
  // What the app fetches on a client-side navigation, naming only the page's route: the layout's
  // loader, where the role used to be checked, does not run for it.
  const pages = ['dashboard.data?_routes=routes/dashboard/overview'].concat(
    ['products', 'users', 'orders', 'barbers', 'activity'].map(
      (name) => `dashboard/${name}.data?_routes=routes/dashboard/${name}`,
    ),
  );
  const refusals = async () =>
    Promise.all(
      pages.map(async (path) => {
        const answer = await page.request.get(`/${path}`, { maxRedirects: 0 });
        return `${answer.status()} ${(await answer.text()).match(/"(\/sign-in[^"]*)"/)?.[1]}`;
      }),
    );
  const signInPage = (path: string, reason = '') =>
    `202 /sign-in?path=${encodeURIComponent(`/${path.replace(/\.data\?.*/, '')}`)}${reason}`;

  await open(page, '/');
  // Signed out or a customer, the admin check fails the same way (SPEC.md sections 6 and 8).
  expect(await refusals()).toEqual(pages.map((path) => signInPage(path, '&error=forbidden')));
  await signIn(page, DEMO.customer);
  expect(await refusals()).toEqual(pages.map((path) => signInPage(path, '&error=forbidden')));
});

test('a barber moved where the map cannot place them loses the old pin, and their page says so', async ({
  page,
}) => {
  await open(page, '/');
  await signIn(page, DEMO.admin);
  // Hidden from the site, so the public pages' tests never meet it. No maps token here: no geocoder.
  const created = await page.request.post('/api/barbers', {
    multipart: {
      form: JSON.stringify({
        name: `Pin Test ${Date.now()}-${test.info().workerIndex}`,
        phone: '7195550188',
        email: 'pin-test@example.com',
        address: {
          line1: '10 Old St',
          city: 'Colorado Springs',
          state: 'CO',
          postal_code: '80903',
          country: 'US',
        },
        lat: 38.83,
        lng: -104.82,
        hours: Object.fromEntries(WEEKDAYS.map((day) => [day, []])),
        active: false,
      }),
    },
  });
  expect(created.status()).toBe(200);
  const { gid } = (await created.json()) as { gid: string };
  try {
    await open(page, `/dashboard/barbers/${gid}/edit`);
    await page.getByRole('textbox', { name: 'Address line 1' }).fill('99 New Ave');
    await page.getByRole('button', { name: 'Save barber' }).click();
    await expect(page.getByText('Barber updated successfully')).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: '99 New Ave' })).toBeVisible();
    await expect(
      page.getByRole('definition').filter({ hasText: 'None: the address could not be placed on the map.' }),
    ).toBeVisible();
  } finally {
    await page.request.delete(`/api/barbers/${gid}`);
  }
});

test("a barber's, a product's and one's own details fit a phone, long emails and links wrapped", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsStaff(page);
  const sideways = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  await open(page, '/dashboard/barbers');
  await page.locator('a[href^="/dashboard/barbers/"]:not([href$="/create"])').first().click();
  // The seeded barbers are on the map: their pin, to the meter.
  await expect(page.getByRole('definition').filter({ hasText: /^\d+\.\d{5}, -\d+\.\d{5}$/ })).toBeVisible();
  expect(await sideways()).toBeLessThanOrEqual(0);
  await open(page, '/dashboard/products');
  await page.locator('a[href^="/dashboard/products/"]:not([href$="/create"])').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await sideways()).toBeLessThanOrEqual(0);
  await open(page, '/dashboard/account');
  expect(await sideways()).toBeLessThanOrEqual(0);
});

/** Opens `path` and checks each table there shows every cell of its rows, with nothing to scroll to. */
async function expectRowsWhole(page: Page, path: string) {
  await open(page, path);
  const tables = page.getByRole('table');
  expect(await tables.count(), path).toBeGreaterThan(0);
  for (const table of await tables.all()) {
    // The table's own scroll region (TableScroll), the nearest section around it.
    const scroll = table.locator('xpath=ancestor::section[1]');
    const view = (await scroll.boundingBox())!;
    // Nothing to scroll to: every value, link and control of every row is in the box on the screen.
    expect(await scroll.evaluate((box) => box.scrollWidth - box.clientWidth), path).toBeLessThanOrEqual(0);
    for (const cell of await table.locator('tbody').getByRole('cell').all()) {
      const box = (await cell.boundingBox())!;
      expect(box.x, `${path}: ${await cell.textContent()}`).toBeGreaterThanOrEqual(view.x);
      expect(box.x + box.width, `${path}: ${await cell.textContent()}`).toBeLessThanOrEqual(
        view.x + view.width,
      );
    }
  }
}

test("on a phone every dashboard table shows each row whole, a card of its columns' values, still read as a table", async ({
  page,
  checkA11y,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsStaff(page);
  const casey = await userByEmail(page, DEMO.customer);
  const pages = [
    '/dashboard',
    '/dashboard/products',
    '/dashboard/products/classic-snapback',
    '/dashboard/orders',
    '/dashboard/users',
    `/dashboard/users/${casey.gid}`,
    '/dashboard/barbers',
  ];
  for (const path of pages) await expectRowsWhole(page, path);
  // Each value beside its column's name, and the columns still there for a screen reader, which reads
  // the column's name from its header: the name shown beside the value is not read again with it.
  const orders = page.getByRole('table', { name: 'Orders, newest first' });
  await open(page, '/dashboard/orders');
  const total = orders.getByRole('row').nth(1).getByRole('cell').nth(2);
  expect(await total.evaluate((cell) => getComputedStyle(cell, '::before').content)).toBe('"Total" / ""');
  await expect(total).toHaveAccessibleName(/^\$[\d,]+\.\d\d$/);
  await expect(orders.getByRole('columnheader', { name: 'Total' })).toBeAttached();
  await checkA11y();
});

test('on a tablet at the counter, upright or on its side, the orders list shows each row whole, status included', async ({
  page,
}) => {
  await signInAsStaff(page);
  for (const [width, height] of [
    [768, 1024],
    [1024, 768],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expectRowsWhole(page, '/dashboard/orders');
  }
});

test("a table's box is a tab stop, to scroll it by keyboard, only while it scrolls", async ({ page }) => {
  await signInAsStaff(page);
  const create = page.getByRole('link', { name: 'Create product' });
  const region = page.getByRole('region', { name: 'Products' });
  const firstView = page.getByRole('link', { name: /^View / }).first();
  // 800 px less the page's padding is narrower than the products table: the box scrolls.
  await page.setViewportSize({ width: 800, height: 800 });
  await open(page, '/dashboard/products');
  await create.focus();
  await page.keyboard.press('Tab');
  await expect(region).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => region.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
  // On a phone each row is a card and on a wide screen the table fits: Tab goes on to the rows.
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await create.focus();
    await page.keyboard.press('Tab');
    await expect(firstView, `at ${width} px`).toBeFocused();
  }
});

test("at 400% zoom (320 x 256) the image picker's buttons stay in their cards, and Shift+Tab keeps focus out from under the sticky top bar", async ({
  page,
}) => {
  await signInAsStaff(page);
  await page.setViewportSize({ width: 320, height: 256 });
  await open(page, '/dashboard/products/logo-hoodie/edit');
  const images = page.getByRole('group', { name: 'Images' }).getByRole('listitem');
  expect(await images.count()).toBeGreaterThan(1);
  for (const card of await images.all()) {
    const box = (await card.boundingBox())!;
    for (const button of await card.getByRole('button').all()) {
      const own = (await button.boundingBox())!;
      expect(own.x + own.width, (await button.getAttribute('aria-label')) ?? '').toBeLessThanOrEqual(
        box.x + box.width,
      );
    }
  }
  // Going back up the form scrolls each control into view below the bar, not under it.
  const bar = (await page.getByRole('banner').boundingBox())!;
  await page.getByRole('button', { name: 'Save product' }).focus();
  for (let step = 0; step < 40; step++) {
    await page.keyboard.press('Shift+Tab');
    const focused = await page.evaluate(() => {
      const active = document.activeElement;
      if (!active || active === document.body || active.closest('header')) return null;
      const { top, height } = active.getBoundingClientRect();
      return { top, height, name: active.getAttribute('aria-label') ?? active.textContent ?? active.tagName };
    });
    if (!focused) break;
    if (focused.height < 256 - bar.height) {
      expect(focused.top, `${focused.name} under the top bar`).toBeGreaterThanOrEqual(bar.y + bar.height);
    }
  }
});

test('where the sidebar is always shown, the skip link shows above it', async ({ page }) => {
  await signInAsStaff(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await open(page, '/dashboard');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  // Focused, it is on top: the sidebar (fixed, at the same corner) does not cover it.
  expect(
    await skip.evaluate((el) => {
      const { left, top, width, height } = el.getBoundingClientRect();
      return document.elementFromPoint(left + width / 2, top + height / 2) === el;
    }),
  ).toBe(true);
});

test('below 1280 px Menu opens the sidebar before the page has started too, and it stays open once it has', async ({
  page,
}) => {
  await signInAsStaff(page);
  await page.setViewportSize({ width: 800, height: 800 });
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
  await beforeHydration(page, '/dashboard/products', async () => {
    await expect(sidebar).toBeHidden();
    await page.getByRole('link', { name: 'Menu', exact: true }).click();
    await expect(sidebar).toBeVisible();
    await sidebar.getByRole('link', { name: 'Close menu' }).click();
    await expect(sidebar).toBeHidden();
    await page.getByRole('link', { name: 'Menu', exact: true }).click();
    await expect(sidebar.getByRole('link', { name: 'Orders' })).toBeVisible();
  });
  await expect(page.getByRole('button', { name: 'Menu', exact: true })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(sidebar).toBeVisible();
  await sidebar.getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders$/);
  await expect(sidebar).toBeHidden();
});

test('without JavaScript the dashboard says its saving buttons need it, once, above the page', async ({
  browser,
  baseURL,
}) => {
  await withoutJavaScript(browser, baseURL, async (page) => {
    await page.goto('/api/auth/google?path=/dashboard/products/logo-tee');
    await chooseAccount(page, DEMO.staff);
    await expect(page.getByRole('heading', { level: 1, name: 'Logo Tee' })).toBeVisible();
    await expect(page.getByRole('main').getByText(/^JavaScript is turned off in this browser/)).toHaveCount(
      1,
    );
    await expect(page.getByRole('main').getByText(/^JavaScript is turned off in this browser/)).toBeVisible();
  });
});

test('the sidebar is always shown from 1280 px and toggled below', async ({ page, checkA11y }) => {
  await signInAsStaff(page);
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' });

  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, '/dashboard');
  await expect(sidebar).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeHidden();
  expect((await sidebar.boundingBox())?.width).toBe(280);

  await page.setViewportSize({ width: 1279, height: 800 });
  await expect(sidebar).toBeHidden();
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(sidebar).toBeVisible();
  await expect(page.getByTestId('sidebar-overlay')).toBeVisible();
  await checkA11y();
  // The page under the overlay is out of reach: Tab goes round the sidebar's own controls.
  const stops = await sidebar.locator('a, button').count();
  for (let step = 0; step < stops + 2; step++) {
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => {
        const active = document.activeElement;
        return !active || active === document.body || !!active.closest('nav[aria-label="Dashboard"]');
      }),
    ).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(sidebar).toBeHidden();
  await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeFocused();
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await sidebar.getByRole('button', { name: 'Close menu' }).click();
  await expect(sidebar).toBeHidden();
  await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeFocused();
  // A click on the overlay beside it closes it too, focus going back to Menu, not to the document.
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByTestId('sidebar-overlay').click({ position: { x: 350, y: 400 } });
  await expect(sidebar).toBeHidden();
  await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeFocused();
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await sidebar.getByRole('link', { name: 'Products' }).click();
  await expect(page).toHaveURL(/\/dashboard\/products$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await expect(sidebar).toBeHidden();
  await expect(page.getByTestId('sidebar-overlay')).toBeHidden();
  // The link that had focus is hidden now: focus goes to the page it opened, not to the document.
  await expect(page.getByRole('main')).toBeFocused();
});

test.describe('products', () => {
  // The refused upload below: Chromium logs the 415 answer as a failed resource.
  test.use({ allowedConsoleErrors: [/status of 415/] });

  test('staff create a product with three images, publish it and work its items', async ({
    page,
    context,
    checkA11y,
  }, testInfo) => {
    // The longest journey here: three uploads processed into renditions, then every item step.
    test.slow();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInAsStaff(page);
    const name = `E2E Cap ${Date.now()}`;

    await open(page, '/dashboard/products/create');
    await checkA11y();
    // Required fields are checked before anything is sent.
    await page.getByRole('button', { name: 'Create product' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Product not created');
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    // An empty price is a missing one, never $0.
    await expect(page.getByRole('textbox', { name: 'Pricing (dollars)' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );

    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await page.getByRole('textbox', { name: 'Description' }).fill('A cap made by the end-to-end test.');
    await page.getByRole('textbox', { name: 'Pricing (dollars)' }).fill('25');
    await page.getByRole('combobox', { name: 'Category' }).selectOption('Hats');
    await page.getByRole('checkbox', { name: 'One Size Fits All' }).check();
    // A count past the limit is said under its own size's field, which takes the keyboard.
    const stock = page.getByLabel('One Size Fits All in stock');
    await stock.fill('200000');
    await page.getByRole('button', { name: 'Create product' }).click();
    await expect(stock).toBeFocused();
    await expect(stock).toHaveAttribute('aria-invalid', 'true');
    await expect(stock).toHaveAccessibleDescription('Stock must be 100,000 or fewer for each size');
    await stock.fill('5');
    // A file named like a picture that is not one is refused as it is chosen.
    await page
      .getByLabel('Add images')
      .setInputFiles([
        { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') },
      ]);
    await expect(page.getByText('Not added: notes.png (not an image file)')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Remove image/ })).toHaveCount(0);
    // A phone's photo over the upload limit is refused as it is chosen, not by a dropped upload.
    await page
      .getByLabel('Add images')
      .setInputFiles([
        { name: 'huge.png', mimeType: 'image/png', buffer: png(200, 30, 30, 11 * 1024 * 1024) },
      ]);
    await expect(page.getByText('Not added: huge.png (over 10 MB)')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Remove image/ })).toHaveCount(0);
    // A picture of a type the server does not take is refused as it is chosen, by its type...
    await page
      .getByLabel('Add images')
      .setInputFiles([{ name: 'scan.bmp', mimeType: 'image/bmp', buffer: bmp() }]);
    await expect(page.getByText('Not added: scan.bmp (not JPEG, PNG, WebP, AVIF or GIF)')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Remove image/ })).toHaveCount(0);
    // ...and one whose name says otherwise by the server, with its reason and nothing typed lost.
    await page
      .getByLabel('Add images')
      .setInputFiles([{ name: 'scan.png', mimeType: 'image/png', buffer: bmp() }]);
    await expect(page.getByRole('button', { name: /^Remove image/ })).toHaveCount(1);
    await page.getByRole('button', { name: 'Create product' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toContainText(
      'Product not created: That file is not an image we can read',
    );
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);
    // Removing the last image leaves focus where more are added, not on the page.
    await page.getByRole('button', { name: /^Remove image/ }).click();
    await expect(page.getByLabel('Add images')).toBeFocused();
    // Files on disk, as a staff member chooses them: choosing one again gives the browser the same file.
    await mkdir(testInfo.outputDir, { recursive: true });
    const colours = {
      red: png(200, 30, 30),
      green: png(30, 200, 30),
      blue: png(30, 30, 200),
      extra: png(9, 9, 9),
    };
    const files = await Promise.all(
      Object.entries(colours).map(async ([colour, picture]) => {
        const file = join(testInfo.outputDir, `${colour}.png`);
        await writeFile(file, picture);
        return file;
      }),
    );
    await page.getByLabel('Add images').setInputFiles(files);
    await expect(page.getByRole('button', { name: /^Remove image/ })).toHaveCount(4);
    // The same file chosen again is not added twice.
    await page.getByLabel('Add images').setInputFiles(files.slice(0, 1));
    await expect(page.getByText('Not added: red.png (added already)')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Remove image/ })).toHaveCount(4);
    // Focus goes with a moved image, and to the next image's Remove after a removal.
    await page.getByRole('button', { name: 'Move image 3 earlier' }).click();
    await expect(page.getByRole('img', { name: /^2: blue\.png/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Move image 2 earlier' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('img', { name: /^1: blue\.png/ })).toBeVisible();
    // First now, it cannot go earlier: focus takes the way it can go.
    await expect(page.getByRole('button', { name: 'Move image 1 later' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('img', { name: /^2: blue\.png/ })).toBeVisible();
    await page.getByRole('button', { name: 'Remove image 4' }).click();
    await expect(page.getByRole('button', { name: /^Remove image/ })).toHaveCount(3);
    await expect(page.getByRole('button', { name: 'Remove image 3' })).toBeFocused();
    await checkA11y();
    await page.getByRole('button', { name: 'Create product' }).click();

    await expect(page).toHaveURL(/\/dashboard\/products$/);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('DRAFT');
    await expect(row).toContainText('$25.00');
    await checkA11y();

    await row.getByRole('link', { name: `View ${name}` }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText('PUBLISHED', { exact: true })).toBeVisible();
    // Only the button's word changed where the keyboard is: a notice says what happened.
    await expect(page.getByRole('status').filter({ hasText: `${name} published` })).toBeVisible();
    // Published: the public catalogue lists it, with its three images.
    const catalogue = (await (await page.request.get('/api/products/published')).json()) as CatalogProduct[];
    const listed = catalogue.find((product) => product.name === name);
    if (!listed) throw new Error(`${name} is not in the public catalogue`);
    expect(listed.images).toHaveLength(3);

    // Walk-in items, then one through printing and ready. A count refused takes the keyboard to it.
    await page.getByLabel('Count').fill('0');
    await page.getByRole('button', { name: 'Add items' }).click();
    await expect(page.getByLabel('Count')).toBeFocused();
    await expect(page.getByLabel('Count')).toHaveAccessibleDescription('Add at least 1');
    await page.getByLabel('Count').fill('2');
    await page.getByRole('button', { name: 'Add items' }).click();
    await expect(page.getByText('2 items added')).toBeVisible();
    // A toast may cover the control that has focus (on a phone it spans the screen): Escape takes it
    // away, focus staying where it was.
    await page.keyboard.press('Escape');
    await expect(page.getByText('2 items added')).toBeHidden({ timeout: 1000 });
    await expect(page.getByRole('button', { name: 'Add items' })).toBeFocused();
    const statuses = page.getByRole('combobox', { name: /^Status of item/ });
    await expect(statuses).toHaveCount(2);
    const label = await statuses.first().getAttribute('aria-label');
    const itemId = label?.replace('Status of item ', '') ?? '';
    const status = page.getByRole('combobox', { name: `Status of item ${itemId}` });
    await status.selectOption('printing');
    await expect(page.getByText('Item link copied to the clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      new URL(`/store/${listed.slug}/${itemId}`, page.url()).href,
    );
    await status.selectOption('ready');
    await expect(
      page.getByRole('status').filter({ hasText: `Item ${itemId.slice(0, 8)} is ready` }),
    ).toBeVisible();
    await expect(async () => {
      const detail = (await (
        await page.request.get(`/api/products/${listed.slug}`)
      ).json()) as AdminProductDetail;
      expect(detail.items.find((item) => item._id === itemId)?.status).toBe('ready');
    }).toPass();
    await checkA11y();

    await page.getByRole('link', { name: `Label of item ${itemId}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Labels of ${name}` })).toBeVisible();
    await expect(page.getByRole('img', { name: /^QR code of / })).toHaveCount(1);
    await checkA11y();

    await open(page, `/dashboard/products/${listed.slug}/edit`);
    await expect(page.getByRole('button', { name: /^Remove image/ })).toHaveCount(3);
    await checkA11y();
    await page.getByRole('textbox', { name: 'Pricing (dollars)' }).fill('30');
    await page.getByRole('button', { name: 'Save product' }).click();
    await expect(page.getByText('Product updated successfully')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    // Who changed the price, and from what: the product's history lists the save by the staff member.
    const history = page.getByRole('region', { name: 'Changes' });
    await expect(history.getByRole('listitem').filter({ hasText: 'pricing: 30' }).first()).toContainText(
      'Sam Staff',
    );
  });
});

test('a notice waits while the pointer rests on it or focus is in it, and goes its full time after it is let go', async ({
  page,
}) => {
  await signInAsStaff(page);
  // The page's own clock, moved on by the test: waiting out the notice's seconds would only be slower.
  await page.clock.install();
  await open(page, '/dashboard/products/pole-stripe-dad-hat');
  const addOne = async () => {
    await page.getByLabel('Count').fill('1');
    await page.getByRole('button', { name: 'Add items' }).click();
  };
  const notice = page.getByRole('status').filter({ hasText: '1 item added' });

  await addOne();
  await expect(notice).toBeVisible();
  await stopPageClock(page);
  await notice.hover();
  await page.clock.runFor(TOAST_MS * 3);
  await expect(notice).toBeVisible();
  await page.mouse.move(0, 0);
  await page.clock.runFor(TOAST_MS - 1);
  await expect(notice).toBeVisible();
  await page.clock.runFor(1);
  await expect(notice).toBeHidden();

  // Focus on its Dismiss button holds it the same way; the button takes it away.
  await addOne();
  await expect(notice).toBeVisible();
  const dismiss = notice.getByRole('button', { name: 'Dismiss' });
  await dismiss.focus();
  await page.clock.runFor(TOAST_MS * 3);
  await expect(notice).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(notice).toBeHidden();
});

test("a notice that stays (a new product's, with its link) leaves room on a phone to scroll and tab to the list's last row", async ({
  page,
}) => {
  await signInAsStaff(page);
  await page.setViewportSize({ width: 320, height: 640 });
  await open(page, '/dashboard/products/create');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`E2E Notice Cap ${Date.now()}`);
  await page.getByRole('textbox', { name: 'Description' }).fill('A cap.');
  await page.getByRole('textbox', { name: 'Pricing (dollars)' }).fill('28');
  await page.getByRole('combobox', { name: 'Category' }).selectOption('Hats');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page).toHaveURL(/\/dashboard\/products$/);
  const notice = page.getByRole('status').filter({ hasText: 'created as a draft' });
  await expect(notice.getByRole('link', { name: 'Publish it on its page' })).toBeVisible();
  const noticeTop = (await notice.boundingBox())!.y;
  const rows = page.getByRole('main').getByRole('row');
  const lastLink = rows.last().getByRole('link').first();
  const below = async () => {
    const box = (await lastLink.boundingBox())!;
    return box.y + box.height - noticeTop;
  };

  // Scrolled to the page's end, the last row is above the notice, not under it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await below()).toBeLessThanOrEqual(0);
  // Tabbed to from the row before, it scrolls into view above the notice (WCAG 2.4.11).
  await page.evaluate(() => window.scrollTo(0, 0));
  await rows.nth(-2).getByRole('link').last().focus();
  await page.keyboard.press('Tab');
  await expect(lastLink).toBeFocused();
  expect(await below()).toBeLessThanOrEqual(0);

  // Once it is dismissed, the room goes with it.
  await page.keyboard.press('Escape');
  await expect(notice).toBeHidden();
  expect(await page.evaluate(() => getComputedStyle(document.body).paddingBottom)).toBe('0px');
});

test('a form with unsaved changes asks before they are left, and asks nothing once they are undone', async ({
  page,
  checkA11y,
}) => {
  await signInAsStaff(page);
  await open(page, '/dashboard/products/pole-stripe-dad-hat/edit');
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  const original = await name.inputValue();
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });

  await name.fill(`${original} draft`);
  await sidebar.getByRole('link', { name: 'Orders' }).click();
  await expect(leave).toBeVisible();
  await expect(leave.getByRole('button', { name: 'Stay on this page' })).toBeFocused();
  await checkA11y();
  // Enter keeps the changes: the dialog's first button is Stay.
  await page.keyboard.press('Enter');
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(/\/edit$/);
  await expect(name).toHaveValue(`${original} draft`);

  // Closing the tab, reloading or going to another site: the browser's own question.
  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const question = await asked;
  expect(question.type()).toBe('beforeunload');
  await question.dismiss();
  await expect(name).toHaveValue(`${original} draft`);

  // An image moved is a change too.
  await name.fill(original);
  await page.getByRole('button', { name: 'Move image 2 earlier' }).click();
  await sidebar.getByRole('link', { name: 'Orders' }).click();
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();

  // Changed and changed back: nothing to lose, nothing asked.
  await page.goBack();
  await expect(name).toHaveValue(original);
  await name.fill(`${original} draft`);
  await name.fill(original);
  await sidebar.getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expect(leave).toBeHidden();
});

test("a product's items come a page at a time, each page with its QR codes, focus kept in the pager", async ({
  page,
}) => {
  await signInAsStaff(page);
  const slug = 'pole-stripe-dad-hat';
  const before = ((await (await page.request.get(`/api/products/${slug}`)).json()) as AdminProductDetail)
    .items.length;
  for (const count of [50, 2]) {
    const added = await page.request.post(`/api/products/${slug}/items`, {
      data: { size: 'One Size Fits All', count, owner: '' },
    });
    expect(added.status()).toBe(200);
  }
  const total = before + 52;
  await open(page, `/dashboard/products/${slug}`);
  await expect(page.getByRole('combobox', { name: /^Status of item/ })).toHaveCount(ITEMS_PAGE);
  await expect(page.getByRole('img', { name: /^QR code of / })).toHaveCount(ITEMS_PAGE);
  const pages = page.getByRole('navigation', { name: 'Pages of items' });
  await expect(pages).toContainText(`Items 1–${ITEMS_PAGE} of ${total}, newest first`);
  await expect(pages.getByRole('link', { name: 'Newer items' })).toHaveCount(0);

  // Pressed from the keyboard, the link is gone on the last page: focus stays in the pager.
  await pages.getByRole('link', { name: 'Older items' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]items-page=2$/);
  await expect(pages).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(pages.getByRole('link', { name: 'Newer items' })).toBeFocused();
  await expect(page.getByRole('combobox', { name: /^Status of item/ })).toHaveCount(total - ITEMS_PAGE);
  await expect(pages).toContainText(`Items ${ITEMS_PAGE + 1}–${total} of ${total}`);
  // A change on this page keeps it.
  await page
    .getByRole('combobox', { name: /^Status of item/ })
    .first()
    .selectOption('ready');
  await expect(page.getByRole('combobox', { name: /^Status of item/ }).first()).toHaveValue('ready');
  await expect(page.getByRole('combobox', { name: /^Status of item/ })).toHaveCount(total - ITEMS_PAGE);
  await pages.getByRole('link', { name: 'Newer items' }).click();
  await expect(pages).toContainText(`Items 1–${ITEMS_PAGE} of ${total}`);
  await expect(page.getByRole('combobox', { name: /^Status of item/ })).toHaveCount(ITEMS_PAGE);
});

test('keyboard only: open the sidebar, go to Users and search', async ({ page }) => {
  await signInAsStaff(page);
  await page.setViewportSize({ width: 1000, height: 800 });
  await open(page, '/dashboard');
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  await menu.focus();
  await page.keyboard.press('Enter');
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(sidebar).toBeVisible();
  const users = sidebar.getByRole('link', { name: 'Users' });
  for (
    let step = 0;
    step < 10 && !(await users.evaluate((link) => link === document.activeElement));
    step++
  ) {
    await page.keyboard.press('Tab');
  }
  await expect(users).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(sidebar).toBeHidden();
  await expect(page.getByRole('main')).toBeFocused();
  await page.getByLabel('Search users').focus();
  await page.keyboard.type('CASEY');
  await expect(page.getByRole('row', { name: /casey@example\.com/ })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
});

test("keyboard only: a row added to a barber's services, hours or the shop's links takes focus; one removed says so and leaves focus in the list", async ({
  page,
}) => {
  await open(page, '/');
  await signIn(page, DEMO.admin);
  await open(page, '/dashboard/barbers/create');
  const services = page.getByRole('group', { name: 'Services' });
  await services.getByRole('button', { name: 'Add a service' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Service 1 name' })).toBeFocused();
  await page.keyboard.type('Fade');
  await services.getByRole('button', { name: 'Add a service' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Service 2 name' })).toBeFocused();
  // The last row's Remove: focus to the one before; the first's then: to Add, never the page.
  await services.getByRole('button', { name: 'Remove service 2' }).focus();
  await page.keyboard.press('Enter');
  await expect(services.getByRole('button', { name: 'Remove service 1' })).toBeFocused();
  await expect(services.getByRole('status')).toHaveText('Service 2 removed');
  await page.keyboard.press('Enter');
  await expect(services.getByRole('button', { name: 'Add a service' })).toBeFocused();
  await expect(services.getByRole('status')).toHaveText('Service 1 removed');

  const hours = page.getByRole('group', { name: 'Opening hours' });
  await hours.getByRole('button', { name: 'Add hours on Monday' }).focus();
  await page.keyboard.press('Enter');
  await expect(hours.getByLabel('Monday range 1').first()).toBeFocused();
  await hours.getByRole('button', { name: 'Remove Monday range 1' }).focus();
  await page.keyboard.press('Enter');
  await expect(hours.getByRole('button', { name: 'Add hours on Monday' })).toBeFocused();
  await expect(hours.getByRole('status')).toHaveText('Monday range 1 removed');

  await open(page, '/dashboard/settings');
  const links = page.getByRole('group', { name: 'Social links' });
  const count = await links.getByRole('button', { name: /^Remove link/ }).count();
  await links.getByRole('button', { name: 'Add a social link' }).focus();
  await page.keyboard.press('Enter');
  await expect(links.getByRole('textbox', { name: `Link ${count + 1} label` })).toBeFocused();
  await links.getByRole('button', { name: `Remove link ${count + 1}` }).focus();
  await page.keyboard.press('Enter');
  await expect(links.getByRole('button', { name: `Remove link ${count}` })).toBeFocused();
  await expect(links.getByRole('status')).toHaveText(`Link ${count + 1} removed`);
});

test('the users search box shows the search of the list Back returns to', async ({ page }) => {
  await signInAsStaff(page);
  await open(page, '/dashboard/users');
  const search = page.getByLabel('Search users');
  await search.fill('casey');
  await search.press('Enter');
  await expect(page.getByRole('table', { name: 'Users' })).toContainText('Users matching “casey”');
  // A second search, then Back with the keyboard still in the box: the first search's list, and its words.
  const nobody = `nobody-${Date.now()}`;
  await search.fill(nobody);
  await search.press('Enter');
  await expect(page.getByText('No user matches your search.')).toBeVisible();
  await expect(search).toBeFocused();
  await page.goBack();
  await expect(page.getByRole('row', { name: /casey@example\.com/ })).toBeVisible();
  await expect(search).toHaveValue('casey');
});

test('staff find a customer by the phone number they give, however it is written', async ({ page }) => {
  await signInAsStaff(page);
  await open(page, '/dashboard/users');
  const search = page.getByLabel('Search users');
  await search.fill('719 555 0199');
  await expect(page).toHaveURL(/[?&]q=719\+555\+0199/);
  const rows = page.getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Casey Customer');
  await expect(rows.nth(1)).toContainText('(719) 555-0199');

  await search.fill('(719) 555-0000');
  await expect(page.getByText('No user matches your search.')).toBeVisible();
  await page.getByRole('link', { name: 'Show every user' }).click();
  await expect(page.getByRole('row', { name: /alex@example\.com/ })).toBeVisible();
  await expect(search).toHaveValue('');
});

test('a list whose address asks for a filter it cannot use says why and keeps its filters, not a 500', async ({
  page,
}) => {
  await signInAsStaff(page);
  // On a phone: the API's reason, one long word at times, wraps instead of widening the page.
  await page.setViewportSize({ width: 390, height: 844 });
  const pasted = 'x'.repeat(SEARCH_MAX_LENGTH + 1);
  for (const [path, filters] of [
    [`/dashboard/users?q=${pasted}`, 'Search users'],
    [`/dashboard/orders?q=${pasted}`, 'Orders'],
    ['/dashboard/orders?status=lost', 'Orders'],
    ['/dashboard/orders?after=xyz', 'Orders'],
    ['/dashboard/activity?entity=cake', 'Activity'],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole('alert').filter({ hasText: 'Nothing listed' })).toContainText(
      /^Nothing listed: this filter cannot be used \((q|status|after|entity): .+\)\.$/,
    );
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - innerWidth),
      path,
    ).toBeLessThanOrEqual(0);
    await expect(
      page.getByRole(filters === 'Search users' ? 'searchbox' : 'search', { name: filters }),
    ).toBeVisible();
  }
  // The boxes stop at the length the API takes, so typing or pasting never gets there.
  await open(page, '/dashboard/users');
  await page.getByLabel('Search users').fill(pasted);
  await expect(page.getByLabel('Search users')).toHaveValue('x'.repeat(SEARCH_MAX_LENGTH));
});

test('an admin gives a user a phone and an address by its fields, and the users search finds both as printed', async ({
  page,
  browser,
  checkA11y,
}) => {
  // A customer of its own: the demo customer's phone is what another test finds her by.
  const gid = await ownCustomer(browser, 'fields');
  await open(page, '/');
  await signIn(page, DEMO.admin);
  const customer = (await (await page.request.get(`/api/users/${gid}`)).json()) as UserSummary;
  // From the users list: each name leads to that user's page.
  await open(page, '/dashboard/users');
  await page.getByLabel('Search users').fill(customer.email);
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('link', { name: customer.name }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/users/${gid}$`));
  await expect(page.getByRole('heading', { level: 1, name: customer.name })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const street = `${Date.now() % 10_000} Pikes Peak Ave`;
  await page.getByRole('textbox', { name: 'Phone' }).fill('719.555.0123');
  const form = page.getByRole('group', { name: 'Address' });
  await form.getByRole('textbox', { name: 'Address line 1' }).fill(street);
  await form.getByRole('textbox', { name: 'Address line 2' }).fill('Apt 3');
  await form.getByRole('textbox', { name: 'State' }).fill('CO');
  await form.getByRole('textbox', { name: 'Postal code' }).fill('80903');
  await form.getByRole('textbox', { name: 'Country' }).fill('US');
  await page.getByRole('button', { name: 'Save contact details' }).click();
  // Said below the button, which keeps it in sight; the keyboard goes up to the field to fix.
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'Contact details not saved: check the fields marked above.',
  );
  await expect(form.getByRole('textbox', { name: 'City' })).toBeFocused();
  await expect(form.getByRole('textbox', { name: 'City' })).toHaveAccessibleDescription('City is required');
  await form.getByRole('textbox', { name: 'City' }).fill('Colorado Springs');
  await page.getByRole('button', { name: 'Save contact details' }).click();
  await expect(page.getByText('Contact details saved.')).toBeVisible();
  const printed = `${street}, Apt 3, Colorado Springs, CO 80903`;
  await expect(page.getByRole('definition').filter({ hasText: printed })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: '(719) 555-0123' })).toBeVisible();
  await checkA11y();

  await open(page, '/dashboard/users');
  await page.getByLabel('Search users').fill(`${street.toUpperCase()}, apt 3, colorado`);
  await expect(page.getByRole('row', { name: customer.email })).toContainText(printed);
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByLabel('Search users').fill('7195550123');
  await expect(page.getByRole('row', { name: customer.email })).toContainText('(719) 555-0123');
});

test('a role the API refuses leaves the select on the role the user has, the reason said', async ({
  page,
}) => {
  await open(page, '/');
  await signIn(page, DEMO.admin);
  await open(page, `/dashboard/users/${(await userByEmail(page, DEMO.admin)).gid}`);
  // The seed's one admin (no test makes another): demoting them is refused.
  const role = page.getByRole('combobox', { name: 'Role' });
  await expect(role).toHaveValue(String(ACCESS.admin));
  await role.selectOption('staff');
  await page.getByRole('button', { name: 'Save role' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'This is the last admin: make someone else an admin first.',
  );
  await expect(role).toHaveValue(String(ACCESS.admin));
  // Tried again, the same: the reason stays said and the select goes back.
  await role.selectOption('customer');
  await page.getByRole('button', { name: 'Save role' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'This is the last admin: make someone else an admin first.',
  );
  await expect(role).toHaveValue(String(ACCESS.admin));
});

test('an address typed before the contact form hydrated is the one Save stores, and stays in the fields', async ({
  page,
  browser,
}) => {
  const gid = await ownCustomer(browser, 'early');
  await open(page, '/');
  await signIn(page, DEMO.admin);
  await beforeHydration(page, `/dashboard/users/${gid}`, () =>
    fillAddress(page, ['7 Early Ave', 'Pueblo', 'CO', '81003']),
  );
  await page.getByRole('button', { name: 'Save contact details' }).click();
  await expect(page.getByText('Contact details saved.')).toBeVisible();
  await expect(
    page.getByRole('definition').filter({ hasText: '7 Early Ave, Pueblo, CO 81003' }),
  ).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'Address' }).getByRole('textbox', { name: 'Address line 1' }),
  ).toHaveValue('7 Early Ave');
});

test("a user's contact form asks before its changes are left, and nothing once they are saved", async ({
  page,
  browser,
}) => {
  const gid = await ownCustomer(browser, 'leaving');
  await open(page, '/');
  await signIn(page, DEMO.admin);
  await open(page, `/dashboard/users/${gid}`);
  const phone = page.getByRole('textbox', { name: 'Phone' });
  const users = page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Users' });
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await phone.fill('719 555 0188');
  await users.click();
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(phone).toHaveValue('719 555 0188');
  await page.getByRole('button', { name: 'Save contact details' }).click();
  await expect(page.getByText('Contact details saved.')).toBeVisible();
  await users.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(leave).toBeHidden();
});

test.describe('a session that ends while a form is being filled in', () => {
  // Each save is refused with a 401 while signed out, which Chromium logs.
  test.use({ allowedConsoleErrors: [/status of 401 \(Unauthorized\)/] });

  /** Signs in again from the refusal's link, in the new tab it opens, and closes that tab. */
  async function signInAgainInNewTab(page: Page) {
    const [signInTab] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: 'Sign in again in a new tab' }).click(),
    ]);
    await chooseAccount(signInTab, DEMO.admin);
    await expect(signInTab.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await signInTab.close();
  }

  test('a save is refused where the form is, with what was typed kept and a sign-in that keeps it', async ({
    page,
    browser,
    checkA11y,
  }) => {
    const gid = await ownCustomer(browser, 'rue');
    await open(page, '/');
    await signIn(page, DEMO.admin);
    const product = await createProduct(page, {
      name: `Session Cap ${Date.now()}`,
      description: 'As opened.',
      pricing: 20,
      category: 'Hats',
    });

    // A form the browser posts (a React Router action): the session ends, then Save.
    const userPage = `/dashboard/users/${gid}`;
    await open(page, userPage);
    const phone = page.getByRole('textbox', { name: 'Phone' });
    const city = page.getByRole('group', { name: 'Address' }).getByRole('textbox', { name: 'City' });
    await phone.fill('719.555.0177');
    await fillAddress(page, ['12 Tejon St', 'Colorado Springs', 'CO', '80903']);
    await page.context().clearCookies();
    await page.getByRole('button', { name: 'Save contact details' }).click();
    const refusal = page.getByRole('main').getByRole('alert');
    await expect(refusal).toContainText('Sign in to continue.');
    await expect(refusal).toContainText('Your session has ended.');
    // Still here, still filled in: not the sign-in page, which took it all away.
    await expect(page).toHaveURL(userPage);
    await expect(phone).toHaveValue('719.555.0177');
    await expect(city).toHaveValue('Colorado Springs');
    await checkA11y();
    await signInAgainInNewTab(page);
    await page.getByRole('button', { name: 'Save contact details' }).click();
    await expect(page.getByText('Contact details saved.')).toBeVisible();
    await expect(
      page.getByRole('definition').filter({ hasText: '12 Tejon St, Colorado Springs, CO 80903' }),
    ).toBeVisible();

    // A form saved by script: its refusal says the same, with the same way back.
    await open(page, `/dashboard/products/${product.slug}/edit`);
    const description = page.getByRole('textbox', { name: 'Description' });
    await description.fill('Typed before the session ended.');
    await page.context().clearCookies();
    await page.getByRole('button', { name: 'Save product' }).click();
    await expect(refusal).toContainText('Product not updated: Sign in to continue.');
    await expect(refusal).toContainText('Your session has ended.');
    await expect(description).toHaveValue('Typed before the session ended.');
    await signInAgainInNewTab(page);
    await page.getByRole('button', { name: 'Save product' }).click();
    await expect(page.getByText('Product updated successfully')).toBeVisible();
    const saved = (await (
      await page.request.get(`/api/products/${product._id}`)
    ).json()) as AdminProductDetail;
    expect(saved.description).toBe('Typed before the session ended.');
  });
});

for (const path of ['/dashboard', '/dashboard/account', '/dashboard/users', '/dashboard/barbers']) {
  test(`axe finds nothing serious on ${path}`, async ({ page, checkA11y }) => {
    await signInAsStaff(page);
    await open(page, path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible();
    await checkA11y();
  });
}

test('a barber has a details page', async ({ page, checkA11y }) => {
  await signInAsStaff(page);
  await open(page, '/dashboard/barbers');
  const view = page.getByRole('link', { name: /^View / }).first();
  const name = (await view.textContent())?.replace(/^View /, '') ?? '';
  await view.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await checkA11y();
});

test('shop settings are for admins: staff are refused, an admin sees every field', async ({
  page,
  checkA11y,
}) => {
  await signInAsStaff(page);
  await page.goto('/dashboard/settings');
  await expect(page).toHaveURL(/\/sign-in\?/);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'You are not authorized to access this page',
  );
  await expect(page.getByText('You are signed in as Sam Staff.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();

  await page.context().clearCookies();
  await open(page, '/');
  await signIn(page, DEMO.admin);
  await open(page, '/dashboard/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Shop Settings' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Shop name' })).not.toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Sales tax rate (%)' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Opening hours' })).toBeVisible();
  await checkA11y();
  // The email: no other test reads it, while the tax rate would change the totals of checkouts
  // running beside this test (and checkout stops when the total changes under it).
  await page.getByRole('textbox', { name: 'Email' }).fill('front-desk@example.com');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  const shop = (await (await page.request.get('/api/shop')).json()) as {
    email: string;
    salesTaxRate: number;
  };
  expect(shop.email).toBe('front-desk@example.com');
  // The form sends the rate it shows (2.9%) back as the same number, not 0.028999999999999998.
  expect(shop.salesTaxRate).toBe(0.029);
});

test.describe('two admins editing the shop settings', () => {
  // The refused save is a 409 answer, which Chromium logs.
  test.use({ allowedConsoleErrors: [/status of 409 \(Conflict\) \(http:\/\/localhost:\d+\/api\/shop\)/] });

  test('a save from a page opened before another save is refused, keeping what was typed', async ({
    page,
  }) => {
    await open(page, '/');
    await signIn(page, DEMO.admin);
    const other = await page.context().newPage();
    await open(other, '/dashboard/settings');
    await open(page, '/dashboard/settings');
    await page.getByRole('textbox', { name: 'Email' }).fill('shop@example.com');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();
    // The second page still shows the settings before that save: its save would overwrite it.
    await other.getByRole('textbox', { name: 'Email' }).fill('counter@example.com');
    await other.getByRole('button', { name: 'Save settings' }).click();
    await expect(other.getByRole('alert').filter({ hasText: 'Settings not saved' })).toContainText(
      'Someone else saved the shop settings since you opened it',
    );
    await expect(other.getByRole('textbox', { name: 'Email' })).toHaveValue('counter@example.com');
    await other.reload();
    await expect(other.getByRole('textbox', { name: 'Email' })).toHaveValue('shop@example.com');
    await other.getByRole('textbox', { name: 'Email' }).fill('counter@example.com');
    await other.getByRole('button', { name: 'Save settings' }).click();
    await expect(other.getByText('Settings saved')).toBeVisible();
    await other.close();
  });
});

test.describe('the public barber page', () => {
  // No internet here: the public page's map tiles fail, and Chromium logs each failed tile.
  test.use({ allowedConsoleErrors: [/tile\.openstreetmap\.org|api\.mapbox\.com/] });

  test('an admin edits a barber and the public barber page shows the change', async ({ page, checkA11y }) => {
    await page.route(
      /^https:\/\/([a-c]\.)?tile\.openstreetmap\.org\/|^https:\/\/api\.mapbox\.com\//,
      (route) => route.abort(),
    );
    await open(page, '/');
    await signIn(page, DEMO.admin);
    await open(page, '/dashboard/barbers');
    await checkA11y();
    const view = page.getByRole('link', { name: /^View / }).first();
    const name = (await view.textContent())?.replace(/^View /, '') ?? '';
    await view.click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await page.getByRole('link', { name: `Edit ${name}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Barber' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await checkA11y();
    const about = `Twenty years behind the chair, tested at ${Date.now()}.`;
    await page.getByRole('textbox', { name: 'About' }).fill(about);
    // The address is its fields: one left empty is named, and nothing is saved.
    const city = page.getByRole('textbox', { name: 'City', exact: true });
    const cityName = await city.inputValue();
    // Every field a save needs is marked as needed when editing too, not only when creating.
    for (const field of [page.getByRole('textbox', { name: 'Name', exact: true }), city])
      await expect(field).toHaveJSProperty('required', true);
    await city.fill('');
    await page.getByRole('button', { name: 'Save barber' }).click();
    await expect(page.getByText('Barber not updated: check the fields marked below.')).toBeVisible();
    await expect(city).toHaveAccessibleDescription('City is required');
    // The keyboard is taken to the field to fix, not left on the button far below.
    await expect(city).toBeFocused();
    await city.fill(cityName);
    // Hours that open after they close are named at their range, and the keyboard is taken there.
    const opens = page.getByRole('group', { name: 'Opening hours' }).locator('input[type="time"]').first();
    const opensAt = await opens.inputValue();
    await opens.fill('23:59');
    await page.getByRole('button', { name: 'Save barber' }).click();
    await expect(opens).toBeFocused();
    await expect(opens).toHaveAccessibleDescription('Must open before it closes');
    await opens.fill(opensAt);
    const suite = `Chair ${Date.now() % 1000}`;
    await page.getByRole('textbox', { name: 'Address line 2' }).fill(suite);
    await page.getByRole('button', { name: 'Save barber' }).click();
    await expect(page.getByText('Barber updated successfully')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Changes' }).getByRole('listitem').filter({ hasText: about }).first(),
    ).toContainText('Alex Admin');

    await expect(page.getByRole('definition').filter({ hasText: `, ${suite}, ${cityName}, ` })).toBeVisible();
    // A suite moves no map pin: the barber keeps theirs.
    await expect(page.getByRole('definition').filter({ hasText: /^-?\d+\.\d+, -?\d+\.\d+$/ })).toBeVisible();

    await open(page, '/barbershops/barbers');
    await expect(page.getByText(about)).toBeVisible();
    await expect(page.getByRole('tabpanel').locator('address')).toContainText(`, ${suite}, ${cityName}, `);
  });
});

test.describe('two editors', () => {
  // The refused save is a 409 response, which Chromium logs.
  test.use({ allowedConsoleErrors: [/status of 409 \(Conflict\)/] });

  /** The same staff member in a second browser, as a colleague at another till. */
  async function secondEditor(page: Page, browser: Browser): Promise<Page> {
    const other = waitForTheAppOnNavigation(
      await browser.newContext({ storageState: await page.context().storageState() }),
    );
    return other.newPage();
  }

  test('a stale edit is refused with a way to reload; an archived product is deleted after confirming', async ({
    page,
    browser,
    checkA11y,
  }) => {
    // Deleting is an admin's; staff do the rest the same way.
    await open(page, '/');
    await signIn(page, DEMO.admin);
    const name = `E2E Stale ${Date.now()}`;
    const { slug } = await createProduct(page, {
      name,
      description: 'Two editors.',
      pricing: 20,
      category: 'Shirts',
      sizes: { Small: 2 },
    });

    // A second editor opens the same version and saves first.
    const other = waitForTheAppOnNavigation(
      await browser.newContext({ storageState: await page.context().storageState() }),
    );
    const otherPage = await other.newPage();
    await open(otherPage, `/dashboard/products/${slug}/edit`);
    await open(page, `/dashboard/products/${slug}/edit`);
    // They rename it too: the address this page was opened at no longer finds it.
    const renamed = `${name} Renamed`;
    const renamedSlug = `${slug}-renamed`;
    await otherPage.getByRole('textbox', { name: 'Name' }).fill(renamed);
    await otherPage.getByRole('textbox', { name: 'Pricing (dollars)' }).fill('21');
    await otherPage.getByRole('button', { name: 'Save product' }).click();
    await expect(otherPage.getByText('Product updated successfully')).toBeVisible();
    await otherPage.context().close();

    await page.getByRole('textbox', { name: 'Pricing (dollars)' }).fill('22');
    await page.getByRole('button', { name: 'Save product' }).click();
    const alert = page.getByRole('main').getByRole('alert');
    await expect(alert).toContainText('Product not updated');
    await expect(alert).toContainText('Someone else saved this product');
    await checkA11y();
    await alert.getByRole('button', { name: 'Reload the product' }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/products/${renamedSlug}/edit$`));
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(renamed);
    await expect(page.getByRole('textbox', { name: 'Pricing (dollars)' })).toHaveValue('21.00');
    // Editing has no required fields (SPEC.md section 5): an emptied one keeps the product's value.
    // (Opened anew: the reload above is the page's own, which the fixture does not wait for the app of.)
    await open(page, `/dashboard/products/${renamedSlug}/edit`);
    await page.getByRole('textbox', { name: 'Description' }).fill('');
    await page.getByRole('button', { name: 'Save product' }).click();
    await expect(page.getByText('Product updated successfully')).toBeVisible();
    const saved = (await (
      await page.request.get(`/api/products/${renamedSlug}`)
    ).json()) as AdminProductDetail;
    expect(saved).toMatchObject({ description: 'Two editors.', pricing: 21 });

    // Items' owner: N/A and Owned are saved.
    await open(page, `/dashboard/products/${renamedSlug}`);
    await page.getByLabel('Count').fill('1');
    await page.getByRole('button', { name: 'Add items' }).click();
    const owner = page.getByRole('combobox', { name: /^Owner of item/ });
    await expect(owner).toHaveCount(1);
    const next = (await owner.inputValue()) === 'owned' ? '' : 'owned';
    await owner.selectOption(next);
    await expect(
      page.getByRole('status').filter({ hasText: `owner is ${next === 'owned' ? 'Owned' : 'N/A'}` }),
    ).toBeVisible();
    await expect(async () => {
      const detail = (await (
        await page.request.get(`/api/products/${renamedSlug}`)
      ).json()) as AdminProductDetail;
      expect(detail.items[0]?.owner).toBe(next);
    }).toPass();

    // Delete is offered only once the product is archived.
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Archive' }).click();
    await expect(page.getByText('ARCHIVED', { exact: true })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: `${renamed} archived` })).toBeVisible();
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete product' });
    await expect(dialog).toContainText('Are you sure you want to delete this product?');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await checkA11y();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/dashboard\/products$/);
    await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  });

  test('Publish pressed on a page opened before someone else published leaves the product published, and says so', async ({
    page,
    browser,
  }) => {
    await signInAsStaff(page);
    const name = `E2E Twice ${Date.now()}`;
    const { slug } = await createProduct(page, {
      name,
      description: 'Two clicks.',
      pricing: 20,
      category: 'Hats',
      sizes: { Small: 1 },
    });
    const otherPage = await secondEditor(page, browser);
    await open(otherPage, `/dashboard/products/${slug}`);
    await open(page, `/dashboard/products/${slug}`);
    await otherPage.getByRole('button', { name: 'Publish' }).click();
    await expect(otherPage.getByRole('status').filter({ hasText: `${name} published` })).toBeVisible();
    await otherPage.context().close();

    // This page still offers Publish: pressing it publishes, where it used to flip the product back.
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByRole('status').filter({ hasText: `${name} published` })).toBeVisible();
    await expect(page.getByText('PUBLISHED', { exact: true })).toBeVisible();
    const saved = (await (await page.request.get(`/api/products/${slug}`)).json()) as AdminProductDetail;
    expect(saved.published).toBe(true);

    // The activity page records the one publish, and its record leads to the product's page.
    await open(page, `/dashboard/activity?entity=product&entityId=${saved._id}`);
    const rows = page.getByRole('region', { name: 'Activity' }).getByRole('row');
    const publishes = rows.filter({ has: page.getByRole('cell', { name: 'publish', exact: true }) });
    await expect(publishes).toHaveCount(1);
    await rows
      .getByRole('link', { name: `product ${saved._id.slice(0, 8)}` })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/products/${slug}$`));
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });

  test('a stock count that checkouts overtook is refused beside the sizes, the form then shows what they hold, and a second save applies each change once', async ({
    page,
    browser,
    checkA11y,
  }) => {
    await signInAsStaff(page);
    const origin = new URL(page.url()).origin;
    const name = `E2E Held ${Date.now()}`;
    const product = await createProduct(page, {
      name,
      description: 'Three on the shelf.',
      pricing: 20,
      category: 'Shirts',
      published: true,
      sizes: { Small: 5, Medium: 3 },
    });
    await open(page, `/dashboard/products/${product.slug}/edit`);

    // While the form is open, a customer presses Pay for two Medium and one Small.
    const shopper = await browser.newContext();
    const shopperPage = await shopper.newPage();
    await open(shopperPage, '/');
    await signIn(shopperPage, `held-${Date.now()}@example.com`);
    const checkout = await shopperPage.request.post('/api/payment/create-payment-intent', {
      headers: { origin },
      data: {
        products: [
          { _id: product._id, size: 'Medium', quantity: 2 },
          { _id: product._id, size: 'Small', quantity: 1 },
        ],
      },
    });
    expect(checkout.status()).toBe(200);
    await shopper.close();

    // Staff take all three Medium off (damaged) and add two Small, the form still showing 3 and 5.
    const medium = page.getByLabel('Medium in stock');
    const small = page.getByLabel('Small in stock');
    await page.getByRole('textbox', { name: 'Description' }).fill('Two damaged, two more small.');
    await medium.fill('0');
    await small.fill('7');
    await page.getByRole('button', { name: 'Save product' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toContainText('Product not updated');
    const refusal =
      'Checkouts took 2 Medium while this form was open, leaving 1 to sell, fewer than the 3 you took off. Nothing was saved: check the count, then save again.';
    // Said under Medium's own field, which takes the keyboard.
    await expect(medium).toBeFocused();
    await expect(medium).toHaveAttribute('aria-invalid', 'true');
    // Today's counts and held units, without a reload: Medium's change no longer fits, so it shows what
    // is left for staff to decide again; Small shows today's 4 with the 2 added.
    await expect(medium).toHaveValue('1');
    await expect(medium).toHaveAccessibleDescription(`2 more held by checkouts in progress ${refusal}`);
    await expect(small).toHaveValue('6');
    await expect(small).toHaveAccessibleDescription('1 more held by checkouts in progress');
    await expect(page.getByRole('textbox', { name: 'Description' })).toHaveValue(
      'Two damaged, two more small.',
    );
    await checkA11y();

    // The one Medium left is taken off too: saved, each change applied once.
    await medium.fill('0');
    await page.getByRole('button', { name: 'Save product' }).click();
    await expect(page.getByText('Product updated successfully')).toBeVisible();
    const saved = (await (
      await page.request.get(`/api/products/${product.slug}`)
    ).json()) as AdminProductDetail;
    expect(saved.description).toBe('Two damaged, two more small.');
    expect(saved.stock).toEqual(
      expect.arrayContaining([
        { size: 'Small', quantity: 6 },
        { size: 'Medium', quantity: 0 },
      ]),
    );
    expect(saved.stock).toHaveLength(2);
  });
});

test.describe('a product call that fails', () => {
  // Each refused call is a 500 the test answers in the server's place, which Chromium logs.
  test.use({ allowedConsoleErrors: [/status of 500 \(Internal Server Error\)/] });

  test("says SPEC.md section 8's alert: Publish, Archive, Delete and an item's owner each their own", async ({
    page,
  }) => {
    await open(page, '/');
    await signIn(page, DEMO.admin);
    const origin = { origin: new URL(page.url()).origin };
    const product = await createProduct(page, {
      name: `E2E Refused ${Date.now()}`,
      description: 'Every call refused.',
      pricing: 20,
      category: 'Hats',
      sizes: { Small: 1 },
    });
    // Archived, so Delete is offered; one walk-in item, whose owner can be switched.
    for (const [url, data] of [
      [`/api/products/archives/${product._id}`, { archived: true }],
      [`/api/products/${product._id}/items`, { size: 'Small', count: 1, owner: '' }],
    ] as const) {
      expect((await page.request.post(url, { headers: origin, data })).status()).toBe(200);
    }
    await page.route('**/api/products/**', (route) =>
      route.request().method() === 'GET'
        ? route.fallback()
        : route.fulfill({
            status: 500,
            json: { error: { code: 'internal', message: 'Something went wrong on our side.' } },
          }),
    );
    await open(page, `/dashboard/products/${product.slug}`);
    const alert = page.getByRole('main').getByRole('alert');

    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(alert).toHaveText('Product not published');
    await page.getByRole('button', { name: 'Unarchive' }).click();
    await expect(alert).toHaveText('Product not archived');
    await page.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete product' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(alert).toHaveText('Product not deleted');
    await page.getByRole('combobox', { name: /^Owner of item/ }).selectOption('owned');
    await expect(alert.filter({ hasText: 'Could Not Complete' })).toBeVisible();
    // Nothing changed.
    const saved = (await (
      await page.request.get(`/api/products/${product._id}`)
    ).json()) as AdminProductDetail;
    expect(saved).toMatchObject({ published: false, archived: true, items: [{ owner: '' }] });
  });
});

test.describe('a name already taken', () => {
  // The refusal is a 409 response, which Chromium logs.
  test.use({ allowedConsoleErrors: [/status of 409 \(Conflict\)/] });

  test('a barber named like one already in the shop is refused beside the name, with everything typed kept', async ({
    page,
    checkA11y,
  }) => {
    await page.goto('/');
    await signIn(page, DEMO.admin);
    const [existing] = (await (await page.request.get('/api/barbers')).json()) as Barber[];
    await open(page, '/dashboard/barbers/create');
    const name = page.getByRole('textbox', { name: 'Name', exact: true });
    await name.fill(existing!.name);
    await page.getByRole('textbox', { name: 'Phone' }).fill('7195550100');
    await page.getByRole('textbox', { name: 'Email' }).fill('twin@example.com');
    await page.getByRole('textbox', { name: 'Address line 1' }).fill('1 Main St');
    await page.getByRole('textbox', { name: 'City' }).fill('Colorado Springs');
    await page.getByRole('textbox', { name: 'State' }).fill('CO');
    await page.getByRole('textbox', { name: 'Postal code' }).fill('80903');
    await page.getByRole('textbox', { name: 'Country' }).fill('US');
    await page.getByRole('button', { name: 'Create barber' }).click();
    const taken = nameTakenMessage('barber', existing!.name);
    await expect(page.getByRole('main').getByRole('alert').first()).toContainText(
      `Barber not created: ${taken}`,
    );
    // Beside the name too, where the form's own checks put theirs.
    await expect(page.getByRole('main').getByText(taken, { exact: true })).toBeVisible();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('twin@example.com');
    await checkA11y();
  });

  test('a product named like one in the shop is refused beside the name, with everything typed kept', async ({
    page,
  }) => {
    await signInAsStaff(page);
    await open(page, '/dashboard/products/create');
    const name = page.getByRole('textbox', { name: 'Name', exact: true });
    await name.fill('LOGO TEE');
    await page.getByRole('textbox', { name: 'Description' }).fill('A second tee.');
    await page.getByRole('textbox', { name: 'Pricing (dollars)' }).fill('25');
    await page.getByRole('combobox', { name: 'Category' }).selectOption('Shirts');
    await page.getByRole('button', { name: 'Create product' }).click();
    await expect(page.getByRole('main').getByRole('alert').first()).toContainText('Product not created');
    await expect(name).toHaveAccessibleDescription(/Name must be unique! A product named "LOGO TEE"/);
    await expect(page.getByRole('textbox', { name: 'Description' })).toHaveValue('A second tee.');
  });
});

test('forms that save by script are disabled until the page has hydrated, so nothing typed is dropped', async ({
  page,
}) => {
  await page.goto('/');
  await signIn(page, DEMO.admin);
  const forms = [
    { path: '/dashboard/settings', control: page.getByLabel('Shop name'), save: 'Save settings' },
    {
      path: '/dashboard/barbers/create',
      control: page.getByRole('textbox', { name: 'Name', exact: true }),
      save: 'Create barber',
    },
    {
      path: '/dashboard/products/create',
      control: page.getByRole('textbox', { name: 'Name', exact: true }),
      save: 'Create product',
    },
    { path: '/dashboard/products/logo-tee', control: page.getByLabel('Count'), save: 'Add items' },
  ];
  for (const { path, control, save } of forms) {
    await beforeHydration(page, path, async () => {
      await expect(control, path).toBeDisabled();
      await expect(page.getByRole('button', { name: save }), path).toBeDisabled();
    });
    await expect(control, path).toBeEditable();
    await expect(page.getByRole('button', { name: save }), path).toBeEnabled();
  }
});
