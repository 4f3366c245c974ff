import type { InventoryItem, Order, OrderSummary } from '@barbershop/contract';
import { formatCents, formatDate } from '@barbershop/contract/format';
import type { Page } from '@playwright/test';
import { addFromProductPage, storedCartLines } from './cart.ts';
import { beforeHydration, expect, test } from './fixtures.ts';
import { SHOP_TIME_ZONE } from './shop-time-zone.ts';
import { chooseAccount, DEMO, openAccountMenu, openSignInPopover, signIn } from './sign-in.ts';

// Signing in with each demo account, the signed-in menu, the customer's account pages and signing out.
// Expected values come from the API as the signed-in visitor (page.request shares the browser's cookies).

async function apiAs<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.status(), `GET ${path}`).toBe(200);
  return (await response.json()) as T;
}

/** The signed-in menu's panel, found through the button that controls it. */
async function accountMenu(page: Page) {
  await openAccountMenu(page);
  const id = await page.getByRole('button', { name: /^Account menu/ }).getAttribute('aria-controls');
  return page.locator(`[id="${id}"]`);
}

const MENUS = [
  {
    role: 'customer',
    email: DEMO.customer,
    links: [
      ['PROFILE', '/account'],
      ['ORDERS', '/account/orders'],
    ],
  },
  { role: 'staff', email: DEMO.staff, links: [['DASHBOARD', '/dashboard']] },
  {
    role: 'admin',
    email: DEMO.admin,
    links: [
      ['PROFILE', '/account'],
      ['ORDERS', '/account/orders'],
      ['DASHBOARD', '/dashboard'],
    ],
  },
] as const;

for (const { role, email, links } of MENUS) {
  test(`the ${role} signs in and sees ${links.map(([label]) => label).join(', ')} and SIGN OUT`, async ({
    page,
    checkA11y,
  }) => {
    await page.goto('/legal/terms');
    await signIn(page, email);
    await expect(page).toHaveURL(/\/legal\/terms$/);

    // Known at first paint: the server-rendered header already has the account's link, not SIGN IN.
    const html = await (await page.request.get('/')).text();
    expect(html).toContain('Account, signed in as');
    expect(html).not.toContain('>SIGN IN<');

    const menu = await accountMenu(page);
    const menuLinks = menu.getByRole('link');
    await expect(menuLinks).toHaveText(links.map(([label]) => label));
    for (const [index, [, href]] of links.entries()) {
      await expect(menuLinks.nth(index)).toHaveAttribute('href', href);
    }
    await expect(menu.getByRole('button', { name: 'SIGN OUT' })).toBeVisible();
    await checkA11y();

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: /^Account menu/ })).toBeFocused();
    // Tab on past SIGN OUT closes it too, focus going on to what the open menu would have covered.
    await (await openAccountMenu(page)).focus();
    await page.keyboard.press('Tab');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: /^Account menu/ })).not.toBeFocused();
  });
}

test('SIGN OUT ends the session, empties the cart and goes home', async ({ page }) => {
  await page.goto('/account');
  await signIn(page, DEMO.customer);
  // What this customer was paying for: the next person at this computer must not find it.
  await page.evaluate(() =>
    localStorage.setItem('barbershop.cart', JSON.stringify({ lines: [], orderId: crypto.randomUUID() })),
  );
  const signOut = await openAccountMenu(page);
  await signOut.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'SIGN IN', exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('barbershop.cart'))).toBeNull();
  expect(await apiAs(page, '/api/users/me')).toBeNull();
  await page.goto('/account');
  await expect(page).toHaveURL(/\/sign-in\?path=%2Faccount$/);
});

test('signing in as someone else over a session leaves the cart behind, as SIGN OUT does; signing in keeps a cart filled signed out', async ({
  page,
}) => {
  await page.goto('/');
  await signIn(page, 'vera.switch@example.com');
  await addFromProductPage(page, 'logo-tee', 'Large');
  expect(await storedCartLines(page)).toEqual(['Logo Tee, Large x 1']);
  // Someone else at this computer, sent to the sign-in page, signs in without signing the first out.
  await page.goto('/sign-in?path=%2Fcart&error=forbidden');
  await page.getByRole('main').getByRole('link', { name: 'Sign In with Google' }).click();
  await chooseAccount(page, 'will.switch@example.com');
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('button', { name: /^Account menu/ })).toHaveAccessibleName(
    'Account menu, signed in as Will Switch',
  );
  await expect(page.getByRole('main').getByText('Your Cart Is Empty')).toBeVisible();
  expect(await storedCartLines(page)).toEqual([]);

  // A cart filled while signed out is the one who signs in next: it stays.
  await (await openAccountMenu(page)).click();
  await expect(page.getByRole('button', { name: 'SIGN IN', exact: true })).toBeVisible();
  await addFromProductPage(page, 'logo-tee', 'Large');
  await signIn(page, 'vera.switch@example.com');
  expect(await storedCartLines(page)).toEqual(['Logo Tee, Large x 1']);
});

test('the customer sees their inventory, their orders and each order in full', async ({
  page,
  checkA11y,
}) => {
  await page.goto('/');
  await signIn(page, DEMO.customer);
  const items = await apiAs<InventoryItem[]>(page, '/api/users/me/items');
  const orders = await apiAs<OrderSummary[]>(page, '/api/orders');
  expect(items.length).toBeGreaterThan(0);
  expect(orders.length).toBeGreaterThan(0);

  await (await accountMenu(page)).getByRole('link', { name: 'PROFILE' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  const inventory = page.getByRole('region', { name: 'Inventory' }).getByRole('table');
  await expect(inventory.getByRole('columnheader')).toHaveText([
    'Image',
    'Name',
    'Item Id',
    'Size',
    'Action',
  ]);
  const itemRows = inventory.locator('tbody tr');
  await expect(itemRows).toHaveCount(items.length);
  for (const [index, item] of items.entries()) {
    const row = itemRows.nth(index);
    await expect(row.getByRole('rowheader')).toHaveText(item.product.name);
    await expect(row.getByRole('cell').nth(1)).toHaveText(item._id);
    await expect(row.getByRole('cell').nth(2)).toHaveText(item.size);
    await expect(row.locator('img')).toHaveAttribute('src', item.product.image.src);
    await expect(row.getByRole('link', { name: /^View/ })).toHaveAttribute(
      'href',
      `/store/${item.product.slug}/${item._id}`,
    );
  }
  await checkA11y();

  await page.getByRole('link', { name: 'Orders', exact: true }).click();
  await expect(page).toHaveURL(/\/account\/orders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  const table = page.getByRole('region', { name: 'Orders' }).getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['Date', 'Order Id', 'Total', 'Status', 'Action']);
  const orderRows = table.locator('tbody tr');
  await expect(orderRows).toHaveCount(orders.length);
  for (const [index, order] of orders.entries()) {
    const cells = orderRows.nth(index).getByRole('cell');
    await expect(cells.nth(0)).toHaveText(formatDate(order.date, SHOP_TIME_ZONE));
    await expect(orderRows.nth(index).getByRole('rowheader')).toHaveText(order._id);
    await expect(cells.nth(1)).toHaveText(formatCents(order.total));
    await expect(cells.nth(2)).toHaveText(order.status);
  }
  await checkA11y();

  const first = orders[0]!;
  await orderRows.first().getByRole('link', { name: /^View/ }).click();
  await expect(page).toHaveURL(new RegExp(`/account/orders/${first._id}$`));
  const order = await apiAs<Order>(page, `/api/orders/${first._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${order._id}`);
  await expect(page.getByText(order.status, { exact: true })).toBeVisible();
  for (const line of order.products) {
    await expect(page.getByRole('link', { name: line.name, exact: true })).toHaveAttribute(
      'href',
      `/store/${line.slug}`,
    );
    for (const item of line.items) {
      await expect(page.getByRole('link', { name: `Item ${item._id}` })).toHaveAttribute(
        'href',
        `/store/${line.slug}/${item._id}`,
      );
    }
  }
  const totals = page.locator('dl').last();
  for (const [label, cents] of [
    ['Subtotal', order.subtotal],
    ['Sales tax', order.salesTax],
    ['Shipping', order.shippingCost],
    ['Total', order.total],
  ] as const) {
    await expect(
      totals.getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]'),
    ).toHaveText(formatCents(cents));
  }
  for (const entry of order.log) await expect(page.getByText(entry.message)).toBeVisible();
  await checkA11y();
});

test('a ready order issued no pickup code says to ask at the counter, not that a code is locked', async ({
  page,
}) => {
  await page.goto('/');
  await signIn(page, DEMO.customer);
  const ready = (await apiAs<OrderSummary[]>(page, '/api/orders')).find((order) => order.status === 'ready');
  expect(ready, 'the sample data has a ready order, made ready with no pickup code').toBeDefined();
  await page.goto(`/account/orders/${ready!._id}`);
  await expect(page.getByTestId('pickup-code')).toHaveCount(0);
  await expect(page.getByRole('status')).toHaveText(
    'Your order is ready for pickup. Ask at the counter: staff will send you a pickup code.',
  );
});

test('the confirmation page opened again later says what comes next for the order as it is now', async ({
  page,
}) => {
  await page.goto('/');
  await signIn(page, DEMO.customer);
  const orders = await apiAs<OrderSummary[]>(page, '/api/orders');
  const next = {
    processing: 'We will email you again when your order is ready for pickup.',
    ready: 'Your order is ready for pickup: its details show how to collect it.',
    delivered: 'You have picked up this order.',
  } as const;
  for (const [status, text] of Object.entries(next)) {
    const order = orders.find((each) => each.status === status);
    expect(order, `the sample data has a ${status} order`).toBeDefined();
    await page.goto(`/payment-confirmation?orderId=${order!._id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order Confirmed');
    await expect(page.getByText(text)).toBeVisible();
    if (status !== 'processing') await expect(page.getByText('We will email you again')).toHaveCount(0);
  }
});

test('the account pages say so when there is nothing to show', async ({ page, checkA11y }) => {
  await page.goto('/');
  await signIn(page, DEMO.staff);
  await page.goto('/account');
  await expect(page.getByText("You don't own any items yet.")).toBeVisible();
  await checkA11y();
  await page.goto('/account/orders');
  await expect(page.getByText("You haven't placed any orders yet.")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Visit the store' })).toHaveAttribute('href', '/store');
  await checkA11y();
});

test('a signed-out visitor to /account signs in and comes back to /account', async ({ page, checkA11y }) => {
  await page.goto('/account');
  await expect(page).toHaveURL(/\/sign-in\?path=%2Faccount$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  await expect(
    page.getByRole('main').getByText('Securely sign in to your account with Google'),
  ).toBeVisible();
  await checkA11y();
  // A plain link: it works before the page has hydrated.
  await page.getByRole('main').getByRole('link', { name: 'Sign In with Google' }).click();
  await page.waitForURL(/\/dev-idp\/interaction\//);
  await checkA11y();
  await chooseAccount(page, DEMO.customer);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
});

test.describe('another customer', () => {
  // Chromium reports the 404 document itself as a failed resource.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test("gets the site's 404 screen for someone else's order", async ({ page, checkA11y }) => {
    await page.goto('/');
    await signIn(page, DEMO.customer);
    const [theirs] = await apiAs<OrderSummary[]>(page, '/api/orders');
    await (await openAccountMenu(page)).click();
    await expect(page.getByRole('button', { name: 'SIGN IN', exact: true })).toBeVisible();

    await signIn(page, 'morgan.e2e@example.com');
    const response = await page.goto(`/account/orders/${theirs!._id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    await expect(page.getByText('404 Not Found')).toBeVisible();
    await checkA11y();
  });
});

test('the SIGN IN popover is a modal dialog: focus stays inside, Escape and the backdrop close it', async ({
  page,
  checkA11y,
}) => {
  await page.goto('/legal/terms');
  const dialog = await openSignInPopover(page);
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await expect(dialog.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await expect(dialog.getByText('Securely sign in to your account with Google')).toBeVisible();
  const google = dialog.getByRole('link', { name: 'Sign In with Google' });
  const close = dialog.getByRole('button', { name: 'Close' });
  await expect(google).toBeFocused();
  await checkA11y();

  await page.keyboard.press('Tab');
  await expect(close).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(google).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(close).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  const trigger = page.getByRole('button', { name: 'SIGN IN', exact: true });
  await expect(trigger).toBeFocused();

  await openSignInPopover(page);
  await page.mouse.click(5, 5);
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
});

test('SIGN IN pressed before the page has started leads to the sign-in page, coming back here after', async ({
  page,
}) => {
  await beforeHydration(page, '/legal/terms', async () => {
    await page.getByRole('link', { name: 'SIGN IN', exact: true }).click();
    await expect(page).toHaveURL(/\/sign-in\?path=%2Flegal%2Fterms$/);
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Sign In with Google' }).click();
  await chooseAccount(page, DEMO.customer);
  await expect(page).toHaveURL(/\/legal\/terms$/);
});

test('the account menu pressed before the page has started leads to the profile, or to the dashboard for staff', async ({
  page,
  browser,
  baseURL,
}) => {
  await signIn(page, DEMO.customer);
  await beforeHydration(page, '/legal/terms', async () => {
    await page.getByRole('link', { name: 'Account, signed in as Casey Customer' }).click();
    await expect(page).toHaveURL(/\/account$/);
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();

  const staff = await browser.newContext({ baseURL });
  try {
    const staffPage = await staff.newPage();
    await signIn(staffPage, DEMO.staff);
    await beforeHydration(staffPage, '/legal/terms', async () => {
      await staffPage.getByRole('link', { name: /^Account, signed in as / }).click();
      await expect(staffPage).toHaveURL(/\/dashboard$/);
    });
  } finally {
    await staff.close();
  }
});

test('a canceled sign-in comes back to the site with a message', async ({ page }) => {
  await page.goto('/legal/terms');
  const dialog = await openSignInPopover(page);
  await dialog.getByRole('link', { name: 'Sign In with Google' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/sign-in\?path=%2Flegal%2Fterms&error=canceled$/);
  await expect(page.getByRole('alert')).toHaveText(
    'Sign-in was canceled. You can try again whenever you are ready.',
  );
  await expect(page.getByRole('button', { name: 'SIGN IN', exact: true })).toBeVisible();
});

test('the development sign-in page works from the keyboard', async ({ page }) => {
  await page.goto('/');
  const dialog = await openSignInPopover(page);
  await dialog.getByRole('link', { name: 'Sign In with Google' }).press('Enter');
  await expect(page.getByRole('heading', { name: 'Development sign-in' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: new RegExp(`${DEMO.customer}$`) })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  await expect(page.getByRole('button', { name: 'Account menu, signed in as Casey Customer' })).toBeVisible();
});

test('the account tables fit a phone: each row is a card with every column in sight, still a table', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await signIn(page, DEMO.customer);
  for (const [path, name, label] of [
    ['/account/orders', 'Orders', 'Total'],
    ['/account', 'Inventory', 'Size'],
  ] as const) {
    await page.goto(path);
    // The table's own scroll region (the page's Inventory section shares its name).
    const region = page.locator('section:has(> table)').and(page.getByRole('region', { name }));
    await expect(region).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await region.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    // Screen readers still read a table: its column headers, and each value under one.
    await expect(region.getByRole('columnheader', { name: label })).toHaveCount(1);
    const row = region.getByRole('row').nth(1);
    const view = row.getByRole('link', { name: /^View/ });
    await expect(view).toBeInViewport();
    const box = await view.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
    expect(
      await row.locator(`[data-label="${label}"]`).evaluate((el) => getComputedStyle(el, '::before').content),
    ).toBe(`"${label}" / ""`);
  }
});
