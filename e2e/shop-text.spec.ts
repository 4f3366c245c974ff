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
  test.setTimeout(120_000);
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

test("a barber's pasted link and long words wrap on the home page's card and on their page, on a phone and a desktop", async ({
  browser,
}) => {
  const admin = await signedIn(browser, DEMO.admin);
  const link = 'https://goldstandardbarbers.example/bookings/theodorevanderbilt/appointments2026';
  const service = 'Hotowelstraightrazorshaveandbeardsculptwithessentialoils';
  const nickname = 'Thebeardwhispererofcolorado';
  const created = await admin.request.post('/api/barbers', {
    headers: { origin: site },
    multipart: {
      form: JSON.stringify({
        name: 'Theodore Vanderbilt',
        nickname,
        about: `Twenty years behind the chair.\n\nBook me at ${link}`,
        phone: '7195550177',
        email: 'theodore@goldstandardbarbers.example',
        address: SHOP.address,
        hours: Object.fromEntries(WEEKDAYS.map((day) => [day, [['09:00', '17:00']]])),
        services: [{ name: service, description: '', price: 55, duration: 60 }],
        position: 1000,
      }),
    },
  });
  expect(created.status(), await created.text()).toBe(200);
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
