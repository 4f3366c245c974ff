import { readFile } from 'node:fs/promises';
import type { CatalogProduct, OrderView, PaymentIntent } from '@barbershop/contract';
import type { Browser, Page } from '@playwright/test';
import { beforeHydration, expect, test, waitForTheAppOnNavigation } from './fixtures.ts';
import { SHOP_TIME_ZONE } from './shop-time-zone.ts';
import { DEMO, signIn } from './sign-in.ts';

// The order journey from the shop's side: a paid order moves printing -> ready -> delivered on the
// dashboard while its customer's order page follows, and the handover needs the customer's pickup
// code (a wrong one first). Each test makes its own customer and order, since workers share a server.

async function newPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = waitForTheAppOnNavigation(await browser.newContext({ baseURL }));
  return context.newPage();
}

/** A customer of their own pays for one item through the demo provider; returns the order id. */
async function paidOrder(page: Page): Promise<string> {
  const origin = new URL(page.url()).origin;
  const headers = { origin };
  const products = (await (await page.request.get('/api/products/published')).json()) as CatalogProduct[];
  // A sample product no other test publishes or changes: tests run in parallel, and the first product
  // in stock was once another test's cap, published a moment before, which then had an extra item.
  const product = products.find((p) => p.slug === 'logo-tee')!;
  const size = product.stock.find((s) => s.quantity > 0)!.size;
  const intent = await page.request.post('/api/payment/create-payment-intent', {
    headers,
    data: { products: [{ _id: product._id, size, quantity: 1 }] },
  });
  expect(intent.status()).toBe(200);
  const { orderId } = (await intent.json()) as PaymentIntent;
  const paid = await page.request.post('/api/payment/demo/confirm', { headers, data: { orderId } });
  expect(paid.status()).toBe(200);
  return orderId;
}

/**
 * A customer of their own (`prefix`-…@example.com) on `page` pays for an order, which staff, signed
 * in on a page of their own, make ready: its pickup code is issued, and returned with the order's id.
 */
async function readyOrder(page: Page, browser: Browser, baseURL: string | undefined, prefix: string) {
  await signIn(page, `${prefix}-${Date.now()}-${test.info().workerIndex}@example.com`);
  const orderId = await paidOrder(page);
  const staff = await newPage(browser, baseURL);
  await signIn(staff, DEMO.staff);
  expect((await staff.request.put(`/api/orders/${orderId}`, { data: { status: 'ready' } })).status()).toBe(
    200,
  );
  // The code and its QR code's address, as the customer's order page has them.
  const order = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as OrderView;
  return { orderId, staff, ...order.pickupCode! };
}

async function setStatus(page: Page, status: string) {
  await page.getByLabel('Order status').selectOption(status);
  await page.getByRole('button', { name: 'Update status' }).click();
}

test('a paid order goes printing -> ready -> delivered with the pickup code, the customer following', async ({
  page,
  browser,
  baseURL,
  checkA11y,
}) => {
  const customerEmail = `pickup-${Date.now()}-${test.info().workerIndex}@example.com`;
  await signIn(page, customerEmail);
  const orderId = await paidOrder(page);
  await page.goto(`/account/orders/${orderId}`);
  await expect(page.getByText('processing', { exact: true })).toBeVisible();
  await expect(page.getByText('printing').first()).toBeVisible();

  const staff = await newPage(browser, baseURL);
  await signIn(staff, DEMO.staff);
  await staff.goto(`/dashboard/orders?q=${orderId}`);
  await expect(staff.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  await checkA11y(staff);
  await staff.getByRole('link', { name: orderId }).click();
  await expect(staff).toHaveURL(new RegExp(`/dashboard/orders/${orderId}$`));
  await checkA11y(staff);

  // The answer is said in a status region that is on the page before it comes: one added with its
  // words in it is not read by every screen reader.
  const statusRegion = staff.getByRole('region', { name: 'Status' }).getByRole('status');
  await expect(statusRegion).toHaveText('');
  const answerRegion = await statusRegion.elementHandle();
  await setStatus(staff, 'ready');
  await expect(staff.getByRole('status').filter({ hasText: 'Status updated to ready.' })).toBeVisible();
  expect(await answerRegion?.evaluate((region) => region.isConnected && region.textContent)).toBe(
    'Status updated to ready.',
  );
  // The button that made the change is disabled now: the keyboard stays in the Status section.
  await expect(staff.getByRole('heading', { name: 'Status', level: 2 })).toBeFocused();
  await expect(staff.getByText('Order status updated from processing to ready')).toBeVisible();

  await page.reload();
  const code = (await page.getByTestId('pickup-code').textContent())!.trim();
  expect(code).toMatch(/^\d{6}$/);
  await expect(
    page.getByRole('img', { name: 'QR code of your pickup code, for staff to scan' }),
  ).toBeVisible();
  await checkA11y(page);

  // The handover: a wrong code is refused and changes nothing.
  await setStatus(staff, 'delivered');
  const dialog = staff.getByRole('dialog', { name: 'Hand over the order' });
  await expect(dialog).toBeVisible();
  // The last status change's answer stays outside: the dialog starts with nothing said yet.
  await expect(dialog.getByText('Status updated to ready.')).toHaveCount(0);
  await checkA11y(staff);
  // Tab stays inside the dialog and comes round to the code again.
  const codeField = dialog.getByLabel('Pickup code');
  await codeField.focus();
  await staff.keyboard.press('Tab');
  for (
    let step = 0;
    step < 6 && !(await codeField.evaluate((field) => field === document.activeElement));
    step++
  ) {
    expect(await dialog.evaluate((box) => box.contains(document.activeElement))).toBe(true);
    await staff.keyboard.press('Tab');
  }
  await expect(codeField).toBeFocused();
  const wrong = code === '000000' ? '111111' : '000000';
  await dialog.getByLabel('Pickup code').fill(wrong);
  await dialog.getByRole('button', { name: 'Mark delivered' }).click();
  // Said by the code's field, which takes the keyboard to type it again.
  await expect(codeField).toBeFocused();
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');
  await expect(codeField).toHaveAccessibleDescription(
    "The 6 digits on the customer's order page or in their email That is not this order's pickup code (4 tries left)",
  );
  await page.reload();
  await expect(page.getByTestId('pickup-code')).toHaveText(code);

  await dialog.getByLabel('Pickup code').fill(code);
  await dialog.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(dialog).toBeHidden();
  await expect(staff.getByRole('heading', { name: 'Status', level: 2 })).toBeFocused();
  await expect(staff.getByText('Order status updated from ready to delivered')).toBeVisible();
  await expect(staff.getByLabel('Order status')).toHaveValue('delivered');

  // The activity page filtered to this order lists its changes alone.
  await staff.goto(`/dashboard/activity?entity=order&entityId=${orderId}`);
  await expect(staff.getByText('The changes to one record')).toContainText(orderId);
  const changes = (await (await staff.request.get(`/api/audit?entity=order&entityId=${orderId}`)).json()) as {
    action: string;
    before: unknown;
    after: unknown;
  }[];
  // This test's two status changes, newest first; the refused code changed nothing.
  expect(changes.map(({ action, before, after }) => ({ action, before, after }))).toEqual([
    { action: 'status', before: { status: 'ready' }, after: { status: 'delivered' } },
    { action: 'status', before: { status: 'processing' }, after: { status: 'ready' } },
  ]);
  const table = staff.getByRole('table', { name: 'Changes made by staff, newest first' });
  await expect(table.getByRole('row')).toHaveCount(changes.length + 1);
  await expect(table).toContainText('processing');

  await page.reload();
  await expect(page.getByText('delivered', { exact: true })).toBeVisible();
  await expect(page.getByTestId('pickup-code')).toHaveCount(0);
  await staff.context().close();
});

test('at the counter a code typed as read out, in groups, hands the order over; a digit short costs no try', async ({
  page,
  browser,
  baseURL,
}) => {
  const { orderId, staff, code } = await readyOrder(page, browser, baseURL, 'grouped');
  await staff.setViewportSize({ width: 768, height: 1024 });
  await staff.goto(`/dashboard/orders/${orderId}`);
  await setStatus(staff, 'delivered');
  const dialog = staff.getByRole('dialog', { name: 'Hand over the order' });
  const codeField = dialog.getByLabel('Pickup code');
  await codeField.pressSequentially(code.slice(0, 5));
  await dialog.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(codeField).toHaveAccessibleDescription(
    "The 6 digits on the customer's order page or in their email must be the 6 digits of the pickup code",
  );
  await expect(codeField).toBeFocused();
  await expect(staff.getByText('0 of 5 wrong tries')).toBeVisible();
  // Read out as "123 456" and typed so: every character stays in the field.
  const grouped = `${code.slice(0, 3)} ${code.slice(3)}`;
  await codeField.clear();
  await codeField.pressSequentially(grouped);
  await expect(codeField).toHaveValue(grouped);
  await dialog.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(dialog).toBeHidden();
  await expect(staff.getByLabel('Order status')).toHaveValue('delivered');
  await expect(staff.getByText('Order status updated from ready to delivered')).toBeVisible();
  await staff.context().close();
});

test('a QR code scanned again after the handover says the order was handed over, not a page asking nothing', async ({
  page,
  browser,
  baseURL,
}) => {
  const { staff, handoverUrl } = await readyOrder(page, browser, baseURL, 'rescanned');
  const note = staff.getByRole('alert').filter({ hasText: 'Scanned pickup code:' });
  await staff.goto(handoverUrl);
  const dialog = staff.getByRole('dialog', { name: 'Hand over the order' });
  await dialog.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(dialog).toBeHidden();
  await expect(staff.getByLabel('Order status')).toHaveValue('delivered');
  // The handover made from the scan is not then called one made before.
  await expect(note).toHaveCount(0);
  await staff.goto(handoverUrl);
  await expect(note).toHaveText(
    'Scanned pickup code: This order has been handed over already (its history says when): the scanned code was used.',
  );
  await expect(dialog).toBeHidden();
  await staff.context().close();
});

test('cancelling the handover a scanned code opened leaves the keyboard in the Status section', async ({
  page,
  browser,
  baseURL,
}) => {
  const { staff, code, handoverUrl } = await readyOrder(page, browser, baseURL, 'scanned');

  // The camera opens the QR code's address: the page starts with the handover asked, nothing focused before.
  await staff.goto(handoverUrl);
  const dialog = staff.getByRole('dialog', { name: 'Hand over the order' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Pickup code')).toHaveValue(code);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(staff.getByRole('heading', { name: 'Status', level: 2 })).toBeFocused();

  // Asked again from the status form, Escape goes back to the button that asked.
  const update = staff.getByRole('button', { name: 'Update status' });
  await update.click();
  await expect(dialog).toBeVisible();
  await staff.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(update).toBeFocused();
  await staff.context().close();
});

test('a filter says to screen readers how many orders it shows, the keyboard staying on Filter', async ({
  page,
}) => {
  await signIn(page, DEMO.staff);
  const [order] = (await (await page.request.get('/api/orders?scope=all&limit=1')).json()) as OrderView[];
  const orderId = order!._id;
  await page.goto('/dashboard/orders');
  const count = page.getByRole('main').getByRole('status');
  await page.getByLabel('Search').fill(orderId);
  const filter = page.getByRole('button', { name: 'Filter' });
  await filter.press('Enter');
  await expect(count).toHaveText('1 order shown');
  await expect(filter).toBeFocused();
  await page.getByLabel('Status').selectOption('canceled');
  await filter.press('Enter');
  await expect(page.getByText('No orders match this filter.')).toBeVisible();
  await expect(count).toHaveText('0 orders shown');

  // The activity list's filter the same way.
  await page.goto('/dashboard/activity');
  await page.getByLabel('Kind').selectOption('order');
  await page.getByRole('button', { name: 'Filter' }).press('Enter');
  await expect(page).toHaveURL(/[?&]entity=order/);
  // As many as the table shows, its header row aside (no table at all when nothing matches).
  const table = page.getByRole('region', { name: 'Activity' }).getByRole('table');
  await expect(async () => {
    const rows = Math.max((await table.getByRole('row').count()) - 1, 0);
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      `${rows} ${rows === 1 ? 'change' : 'changes'} shown`,
      { timeout: 1000 },
    );
  }).toPass();
});

test('the search box shows the search of the list Back returns to', async ({ page }) => {
  await signIn(page, DEMO.staff);
  await page.goto('/dashboard/orders');
  const search = page.getByLabel('Search');
  await search.fill(DEMO.customer);
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(DEMO.customer)}`));
  const orders = page.getByRole('table', { name: 'Orders' });
  await expect(orders.getByText(DEMO.customer).first()).toBeVisible();

  // To an order and back: the list and the box as they were.
  await orders.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/dashboard\/orders\/[\w-]+$/);
  await page.goBack();
  await expect(search).toHaveValue(DEMO.customer);
  await expect(orders.getByText(DEMO.customer).first()).toBeVisible();

  // A second search, then Back with the keyboard still in the box: the first search's list, and its words.
  const nobody = `nobody-${Date.now()}`;
  await search.fill(nobody);
  await search.press('Enter');
  await expect(page.getByText('No orders match this filter.')).toBeVisible();
  await expect(search).toBeFocused();
  await page.goBack();
  await expect(orders.getByText(DEMO.customer).first()).toBeVisible();
  await expect(search).toHaveValue(DEMO.customer);
  await page.goForward();
  await expect(page.getByText('No orders match this filter.')).toBeVisible();
  await expect(search).toHaveValue(nobody);
});

test('a pickup code locked by wrong tries tells the customer to ask for a new one', async ({
  page,
  browser,
  baseURL,
}) => {
  const { orderId, staff } = await readyOrder(page, browser, baseURL, 'locked');
  const change = (data: object) => staff.request.put(`/api/orders/${orderId}`, { data });
  for (let attempt = 0; attempt < 5; attempt++) await change({ status: 'delivered', pickupCode: '000000' });
  await page.goto(`/account/orders/${orderId}`);
  await expect(page.getByTestId('pickup-code')).toHaveCount(0);
  await expect(page.getByRole('status')).toHaveText(
    'Your pickup code can no longer be used. Ask at the counter: staff will send you a new one.',
  );
  // A locked code has nothing to lose: a new one is issued at once.
  await staff.goto(`/dashboard/orders/${orderId}`);
  await staff.getByRole('button', { name: 'Issue a new code' }).click();
  await expect(staff.getByText('A new pickup code was issued and emailed to the customer.')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('pickup-code')).toHaveText(/^\d{6}$/);
  await staff.context().close();
});

test('a new pickup code, which voids the one the customer holds, is issued only once staff confirm', async ({
  page,
  browser,
  baseURL,
}) => {
  const { orderId, staff, code } = await readyOrder(page, browser, baseURL, 'reissued');
  await staff.setViewportSize({ width: 768, height: 1024 });
  await staff.goto(`/dashboard/orders/${orderId}`);
  const issue = staff.getByRole('button', { name: 'Issue a new code' });
  const confirm = staff.getByRole('dialog', { name: 'Issue a new pickup code?' });
  await issue.click();
  await expect(confirm).toContainText(
    "The customer's code stops working at once. The new one is emailed to them and shown on their order page.",
  );
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(issue).toBeFocused();
  const held = async () =>
    ((await (await page.request.get(`/api/orders/${orderId}`)).json()) as OrderView).pickupCode?.code;
  expect(await held()).toBe(code);
  await issue.click();
  await confirm.getByRole('button', { name: 'Issue a new code' }).click();
  await expect(staff.getByText('A new pickup code was issued and emailed to the customer.')).toBeVisible();
  await expect(issue).toBeFocused();
  expect(await held()).not.toBe(code);
  await staff.context().close();
});

test('staff export the filtered orders as CSV and read them back', async ({ page, browser, baseURL }) => {
  const customerEmail = `csv-${Date.now()}-${test.info().workerIndex}@example.com`;
  await signIn(page, customerEmail);
  const orderId = await paidOrder(page);

  const staff = await newPage(browser, baseURL);
  await signIn(staff, DEMO.staff);
  await staff.goto('/dashboard/orders');
  await staff.getByLabel('Search').fill(customerEmail);
  await staff.getByRole('button', { name: 'Filter' }).click();
  // The new order is on the unfiltered list's first page too: wait for the filtered page's export.
  const exportLink = staff.getByRole('link', { name: 'Export CSV' });
  await expect(exportLink).toHaveAttribute(
    'href',
    `/api/orders/export.csv?${new URLSearchParams({ q: customerEmail })}`,
  );
  await expect(staff.getByRole('link', { name: orderId })).toBeVisible();
  const download = staff.waitForEvent('download');
  await exportLink.click();
  const file = await (await download).path();
  const lines = (await readFile(file, 'utf8')).trimEnd().split('\r\n');
  // After the byte order mark Excel needs to read the file as UTF-8.
  expect(lines[0]).toBe(
    `\uFEFFDate (${SHOP_TIME_ZONE}),Order Id,Customer,Email,Delivery,Status,Subtotal,Sales Tax,Shipping,Total,Refunded,Paid Back,Charged Back`,
  );
  expect(lines).toHaveLength(2);
  // The shop's clock, to the minute, as a spreadsheet reads a date and time.
  expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2},/);
  expect(lines[1]!.split(',').slice(1, 2)).toEqual([orderId]);
  expect(lines[1]).toContain(`,${customerEmail},pickup,processing,`);
  await staff.context().close();
});

test("for a customer who says their email never came, the order's page shows it went out, without the code", async ({
  page,
  browser,
  baseURL,
  checkA11y,
}) => {
  const customerEmail = `no-email-${Date.now()}-${test.info().workerIndex}@example.com`;
  await signIn(page, customerEmail);
  const orderId = await paidOrder(page);
  const staff = await newPage(browser, baseURL);
  await signIn(staff, DEMO.staff);
  await staff.goto(`/dashboard/orders/${orderId}`);
  const emails = staff.getByRole('region', { name: 'Emails' });
  const confirmation = emails.getByRole('listitem').filter({ hasText: `Order confirmed: ${orderId}` });
  await expect(confirmation).toContainText(`To ${customerEmail}`);
  // The mail worker's next round sends it; the page shows it when read again.
  await expect(async () => {
    await staff.reload();
    await expect(confirmation).toContainText(/Sent \w{3} \d+, \d{4}/, { timeout: 1000 });
  }).toPass();
  await setStatus(staff, 'ready');
  await expect(emails).toContainText(`Ready for pickup: ${orderId}`);
  await page.goto(`/account/orders/${orderId}`);
  const code = (await page.getByTestId('pickup-code').textContent())!.trim();
  await expect(staff.getByRole('main')).not.toContainText(code);
  await checkA11y(staff);
});

test('an order id of :id shows a blank order', async ({ page, checkA11y }) => {
  await signIn(page, DEMO.staff);
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/orders')) calls.push(request.url());
  });
  await page.goto('/dashboard/orders/:id');
  await expect(page.getByRole('heading', { name: 'New order', level: 1 })).toBeVisible();
  await expect(page.getByText('pending', { exact: true })).toBeVisible();
  expect(calls).toEqual([]);
  await checkA11y(page);
});

test("staff's changes show in the activity list and on the customer's page", async ({
  page,
  browser,
  baseURL,
  checkA11y,
}) => {
  const customerEmail = `activity-${Date.now()}-${test.info().workerIndex}@example.com`;
  await signIn(page, customerEmail);
  const orderId = await paidOrder(page);

  const staff = await newPage(browser, baseURL);
  await signIn(staff, DEMO.admin);
  await staff.goto(`/dashboard/orders/${orderId}`);
  await setStatus(staff, 'ready');
  await expect(staff.getByText('Order status updated from processing to ready')).toBeVisible();

  await staff.goto('/dashboard/activity?entity=order');
  await expect(staff.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();
  const orderLink = staff.getByRole('link', { name: `order ${orderId.slice(0, 8)}` }).first();
  await expect(orderLink).toBeVisible();
  // The time is the shop's (America/Denver), its zone named, not UTC's.
  const row = staff.getByRole('row').filter({ has: orderLink });
  await expect(row.getByText(/^\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M M[SD]T$/)).toBeVisible();
  await checkA11y(staff);

  await staff.goto(`/dashboard/orders/${orderId}`);
  await staff.getByRole('region', { name: 'Customer' }).getByRole('link').first().click();
  await expect(staff.getByText('N/A').first()).toBeVisible();
  await expect(staff.getByLabel('Role')).toHaveValue('0');
  await expect(staff.getByRole('link', { name: orderId })).toBeVisible();
  await checkA11y(staff);
  await staff.context().close();
});

test('a status chosen before the page has hydrated is the one Update status sends', async ({
  page,
  browser,
  baseURL,
}) => {
  await signIn(page, `early-${Date.now()}-${test.info().workerIndex}@example.com`);
  const orderId = await paidOrder(page);
  const staff = await newPage(browser, baseURL);
  await signIn(staff, DEMO.staff);
  await beforeHydration(staff, `/dashboard/orders/${orderId}`, async () => {
    await staff.getByLabel('Order status').selectOption('ready');
  });
  const update = staff.getByRole('button', { name: 'Update status' });
  await expect(update).toBeEnabled();
  await update.click();
  await expect(staff.getByText('Order status updated from processing to ready')).toBeVisible();
  await expect(staff.getByLabel('Order status')).toHaveValue('ready');
  await staff.context().close();
});

test('a filter chosen before the activity page has hydrated is the one Filter applies', async ({ page }) => {
  await page.goto('/');
  await signIn(page, DEMO.staff);
  await beforeHydration(page, '/dashboard/activity', async () => {
    await page.getByLabel('Kind').selectOption('order');
  });
  await expect(page.getByLabel('Kind')).toHaveValue('order');
  await page.getByRole('button', { name: 'Filter' }).press('Enter');
  await expect(page).toHaveURL(/[?&]entity=order/);
});

test("the overview's work counts open the orders list filtered to that work", async ({ page, checkA11y }) => {
  await page.goto('/');
  await signIn(page, DEMO.staff);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: /To print \(processing\)/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders\?status=processing$/);
  await expect(page.getByLabel('Status')).toHaveValue('processing');
  await page.goto('/dashboard');
  await page.getByRole('link', { name: /Ready for pickup/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders\?status=ready$/);
  await expect(page.getByLabel('Status')).toHaveValue('ready');
  await checkA11y();
  // Every order again from the sidebar: the filter box says so too, not the filter left behind.
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders$/);
  await expect(page.getByLabel('Status')).toHaveValue('');
});
