import type { CatalogProduct, PaymentIntent } from '@barbershop/contract';
import { WEEKDAYS } from '@barbershop/contract/domain';
import type { Browser, Page } from '@playwright/test';
import { SHOP } from '../packages/db/src/seed/sample-data.ts';
import { expect, sidewaysScroll, test, waitForTheAppOnNavigation } from './fixtures.ts';
import { startOwnServer } from './own-server.ts';
import { DEMO, signIn } from './sign-in.ts';

// What a real shop types into its dashboard and what its customers' sign-in providers send: a link
// pasted into a barber's About, a word longer than a phone is wide, names in other scripts. Barbers
// shown on the site would change the pages the shared server's tests read, so this file starts a
// server of its own, seeded with the sample shop.

let server: Awaited<ReturnType<typeof startOwnServer>> | undefined;
let site = '';

test.beforeAll(async () => {
  server = await startOwnServer('shop-text', { seed: true });
  site = server.site;
});

test.afterAll(() => server?.stop());

async function visitor(browser: Browser, width: number): Promise<Page> {
  const context = waitForTheAppOnNavigation(
    await browser.newContext({ baseURL: site, viewport: { width, height: 844 } }),
  );
  return context.newPage();
}

/** A page of a new browser context, signed in as `email`. */
async function signedIn(browser: Browser, email: string, width = 1280): Promise<Page> {
  const page = await visitor(browser, width);
  await signIn(page, email);
  return page;
}

/** How far an element's text runs past its own box, which a card that clips its overflow would hide. */
function clipped(page: Page, text: string): Promise<number> {
  return page
    .getByText(text)
    .first()
    .evaluate((el) => el.scrollWidth - el.clientWidth);
}

/** A barber at the shop's address, open 9 to 5 every day, with `fields` on top; resolves to their id. */
async function createBarber(admin: Page, fields: object): Promise<string> {
  const created = await admin.request.post('/api/barbers', {
    headers: { origin: site },
    multipart: {
      form: JSON.stringify({
        phone: '7195550177',
        email: 'barber@goldstandardbarbers.example',
        address: SHOP.address,
        hours: Object.fromEntries(WEEKDAYS.map((day) => [day, [['09:00', '17:00']]])),
        ...fields,
      }),
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  return ((await created.json()) as { gid: string }).gid;
}

test("a barber's pasted link and long words wrap on the home page's card and on their page, on a phone and a desktop", async ({
  browser,
}) => {
  const admin = await signedIn(browser, DEMO.admin);
  const link = 'https://goldstandardbarbers.example/bookings/theodorevanderbilt/appointments2026';
  const service = 'Hotowelstraightrazorshaveandbeardsculptwithessentialoils';
  const nickname = 'Thebeardwhispererofcolorado';
  await createBarber(admin, {
    name: 'Theodore Vanderbilt',
    nickname,
    about: `Twenty years behind the chair.\n\nBook me at ${link}`,
    services: [{ name: service, description: '', price: 55, duration: 60 }],
    position: 1000,
  });
  const barbers = (await (await admin.request.get('/api/barbers')).json()) as { name: string }[];
  const index = barbers.findIndex((barber) => barber.name === 'Theodore Vanderbilt');

  const wider: string[] = [];
  for (const width of [390, 1280]) {
    const page = await visitor(browser, width);
    await page.goto('/');
    await expect(page.getByText(nickname)).toBeVisible();
    if ((await clipped(page, nickname)) > 0) wider.push(`${width}: the card's nickname`);
    await page.goto(`/barbershops/barbers?index=${index}`);
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('heading', { name: service })).toBeVisible();
    await expect(panel.getByText(link)).toBeVisible();
    if ((await sidewaysScroll(page)) > 0) wider.push(`${width}: the barber's page`);
    await page.context().close();
  }
  expect(wider).toEqual([]);
});

test("a customer's long email, and a product's and a barber's service's long names, wrap in the dashboard instead of widening its lists and pages", async ({
  browser,
}) => {
  // An address as long as some are, with nowhere to break: dots are no break opportunity.
  const email = 'alexandria.montgomerywilliams.carrington@coloradospringsbarbersupply.example';
  const customer = await signedIn(browser, email);
  const products = (await (await customer.request.get('/api/products/published')).json()) as CatalogProduct[];
  const tee = products.find((product) => product.slug === 'logo-tee')!;
  const headers = { origin: site };
  const intent = await customer.request.post('/api/payment/create-payment-intent', {
    headers,
    data: { products: [{ _id: tee._id, size: tee.stock.find((s) => s.quantity > 0)!.size, quantity: 1 }] },
  });
  const { orderId } = (await intent.json()) as PaymentIntent;
  expect(
    (await customer.request.post('/api/payment/demo/confirm', { headers, data: { orderId } })).status(),
  ).toBe(200);
  const { gid } = (await (await customer.request.get('/api/users/me')).json()) as { gid: string };

  const admin = await signedIn(browser, DEMO.admin);
  const name = 'Limitededitionembroideredgoldstandardlogosnapbackwithbrassbuckle';
  const created = await admin.request.post('/api/products', {
    headers,
    multipart: { form: JSON.stringify({ name, description: 'A cap.', pricing: 32, category: 'Hats' }) },
  });
  expect(created.status(), await created.text()).toBe(200);
  // Hidden from the site: the first test's barber is the only one it shows.
  const barber = await createBarber(admin, {
    name: 'Rosalind Featherstonehaugh',
    about: 'Book me at https://goldstandardbarbers.example/bookings/rosalindfeatherstonehaugh/appointments',
    services: [{ name: 'Hotowelstraightrazorshaveandbeardsculpt', description: '', price: 55, duration: 60 }],
    active: false,
  });

  // On a desktop each list fits its box: no table scrolls sideways for one long word.
  const wider: string[] = [];
  for (const [path, table, shown] of [
    ['/dashboard/users', 'Users', email],
    ['/dashboard/orders', 'Orders', email],
    ['/dashboard/products', 'Products', name],
    ['/dashboard', 'Recent orders', 'Alexandria Montgomerywilliams Carrington'],
  ] as const) {
    await admin.goto(path);
    // The table's own scrolling box: the overview's section around it has the same name.
    const region = admin.getByRole('region', { name: table, exact: true }).last();
    await expect(region.getByText(shown).first()).toBeVisible();
    if (await region.evaluate((el) => el.scrollWidth > el.clientWidth)) wider.push(`${path}: ${table}`);
  }
  // On a phone a customer's, an order's and a barber's pages do not scroll sideways.
  await admin.setViewportSize({ width: 390, height: 844 });
  for (const [path, shown] of [
    [`/dashboard/users/${gid}`, email],
    [`/dashboard/orders/${orderId}`, email],
    [`/dashboard/barbers/${barber}`, 'Hotowelstraightrazorshaveandbeardsculpt'],
  ] as const) {
    await admin.goto(path);
    await expect(admin.getByRole('main').getByText(shown).first()).toBeVisible();
    if ((await sidewaysScroll(admin)) > 0) wider.push(path);
  }
  expect(wider).toEqual([]);
});

test('a name typed in Arabic or Hebrew reads right to left in the form it is typed in, and English beside it left to right', async ({
  browser,
}) => {
  const admin = await signedIn(browser, DEMO.admin);
  await admin.goto('/dashboard/products/create');
  const name = admin.getByRole('textbox', { name: 'Name' });
  const description = admin.getByRole('textbox', { name: 'Description' });
  // Each field follows what is typed in it, as a text editor does: its first strong letter decides.
  await name.fill('قبعة الحلاق (ذهبي)');
  await description.fill('כובע צמר. Wool cap.');
  await expect(name).toHaveCSS('direction', 'rtl');
  await expect(description).toHaveCSS('direction', 'rtl');
  await name.fill('Barber Cap (gold)');
  await expect(name).toHaveCSS('direction', 'ltr');
});

test('a heading in another script is drawn in the display font where it has the letters, and at full size where it has not', async ({
  browser,
}) => {
  const page = await visitor(browser, 1280);
  await page.goto('/');
  const drawn = await page.evaluate(async () => {
    const heading = document.createElement('h2');
    heading.style.font = '600 40px var(--font-display)';
    const word = (text: string, family?: string) => {
      const span = document.createElement('span');
      span.textContent = text;
      if (family) span.style.fontFamily = family;
      heading.append(span, ' ');
      return span;
    };
    // A barber's Polish name and a hat's Russian one, which the shop's display font has; and Greek, which it has not.
    word('Łukasz Wąs');
    word('Шапка');
    const greek = word('ΘΩΣ');
    const greekInTheRestOfTheStack = word('ΘΩΣ', '"Arial Narrow", "Helvetica Neue", Arial, sans-serif');
    document.querySelector('main')!.append(heading);
    // The stand-ins are local fonts, loaded when first used like the web font: all of them settled.
    await Promise.all(
      ['Oswald', 'Oswald Fallback', 'Oswald Fallback DejaVu'].map((family) =>
        document.fonts.load(`600 40px "${family}"`, heading.textContent!),
      ),
    );
    await document.fonts.ready;
    await new Promise(requestAnimationFrame);
    const loaded = [...document.fonts]
      .filter((face) => face.family.replace(/"/g, '') === 'Oswald' && face.status === 'loaded')
      .map((face) => face.unicodeRange);
    return {
      latinExtended: loaded.some((range) => range.includes('U+100-2BA')),
      cyrillic: loaded.some((range) => range.includes('U+400-45F')),
      greekWidth: greek.getBoundingClientRect().width,
      greekWidthInTheRestOfTheStack: greekInTheRestOfTheStack.getBoundingClientRect().width,
    };
  });
  expect(drawn.latinExtended).toBe(true);
  expect(drawn.cyrillic).toBe(true);
  // The display font's stand-ins are scaled to Oswald's capitals (70-77%): not for letters Oswald lacks.
  expect(drawn.greekWidth).toBeCloseTo(drawn.greekWidthInTheRestOfTheStack, 0);
});
