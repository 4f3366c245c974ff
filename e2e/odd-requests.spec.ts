import { expect, test } from './fixtures.ts';
import { DEMO, signIn } from './sign-in.ts';

// Requests a browser would never send, answered before any page runs: the visitor still gets the
// site's error page with the right status, never a bare JSON body or a 500.

test('malformed URL encoding, a control character and an unknown method get the site error page', async ({
  request,
}) => {
  for (const [method, path, status, text] of [
    ['GET', '/barbershops/%E0%A4%A', 400, '400 Bad Request'],
    ['GET', '/?path=%00', 400, '400 Bad Request'],
    ['GET', '/barbershops/a%1Bb', 400, '400 Bad Request'],
    ['OPTIONS', '/', 404, '404 Not Found'],
    ['PROPFIND', '/barbershops', 404, '404 Not Found'],
    // The error pages' own route, visited by hand with a status it does not know.
    ['GET', '/__error/abc', 404, '404 Not Found'],
  ] as const) {
    const response = await request.fetch(path, { method });
    expect(response.status(), `${method} ${path}`).toBe(status);
    expect(response.headers()['content-type']).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('Unexpected Application Error!');
    expect(html).toContain(text);
  }
});

test("the API's own address, without a path after it, is the API's 404 in JSON, not a page", async ({
  request,
}) => {
  for (const path of ['/api', '/api/']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.json(), path).toEqual({
      error: { code: 'not_found', message: 'No such API route.' },
    });
  }
});

test('a word where an id goes in a page address gets the 404 page, not the API route of that word', async ({
  page,
}) => {
  // Staff may open every one of these pages; each word names a route of its own one level down in
  // the API (the orders CSV, the signed-in user, the catalogue), which answered 500 here.
  await signIn(page, DEMO.staff);
  for (const [path, text] of [
    ['/account/orders/export.csv', '404 Not Found'],
    ['/payment-confirmation?orderId=export.csv', '404 Not Found'],
    ['/dashboard/orders/export.csv', '404 Not Found'],
    ['/dashboard/users/me', '404 Not Found'],
    ['/dashboard/users/checkAdmin', '404 Not Found'],
    ['/dashboard/products/published', '404 Not Found'],
    ['/dashboard/products/published/edit', '404 Not Found'],
    // An item's page, which says so in its own words (SPEC.md section 8).
    ['/store/store/logo-tee', 'No item found'],
  ] as const) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).toContain(text);
  }
});

test.describe('in a browser', () => {
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test('the error page for a malformed URL is a whole page with the header and a way home', async ({
    page,
    checkA11y,
  }) => {
    const response = await page.goto('/barbershops/%E0%A4%A');
    expect(response?.status()).toBe(400);
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL('/');
    await checkA11y();
  });
});
