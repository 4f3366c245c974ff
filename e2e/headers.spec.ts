import { request as httpRequest } from 'node:http';
import type { APIResponse } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEMO, signIn } from './sign-in.ts';

// What a shared cache or another site can do with the production server's answers: nothing personal
// is cached, a link elsewhere signs nobody out, and a path never turns into another host.

function expectPersonal(response: APIResponse, path: string) {
  expect(response.status(), path).toBe(200);
  expect(response.headers()['cache-control'], path).toBe('private, no-store');
  expect(response.headers().vary, path).toMatch(/(^|,\s*)Cookie(\s*,|$)/i);
}

test('every answer for a signed-in customer is private and varies on Cookie', async ({ page }) => {
  await signIn(page, DEMO.customer);
  for (const path of ['/', '/account', '/account/orders', '/api/users/me', '/api/orders']) {
    const response = await page.request.get(path);
    expectPersonal(response, path);
    if (path === '/') expect(await response.text()).toContain(DEMO.customer);
  }
});

test('anonymous pages state their own policy and vary on Cookie', async ({ playwright, baseURL }) => {
  const anonymous = await playwright.request.newContext({ baseURL });
  try {
    const response = await anonymous.get('/');
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('no-cache');
    expect(response.headers().vary).toMatch(/Cookie/i);
  } finally {
    await anonymous.dispose();
  }
});

test.describe('sign-out from another site', () => {
  // The refused navigation is the point of the test: the browser reports its 403.
  test.use({ allowedConsoleErrors: [/status of 403 \(Forbidden\).*\/api\/auth\/logout/] });

  test('a sign-out link on another site does not sign the customer out', async ({ page, baseURL }) => {
    await signIn(page, DEMO.customer);
    // A page on another site, as the browser sees it, linking to the sign-out address.
    await page.route('https://elsewhere.example/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>Elsewhere</title><a href="${baseURL}/api/auth/logout">Win a prize</a>`,
      }),
    );
    await page.goto('https://elsewhere.example/');
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/auth/logout')),
      page.getByRole('link', { name: 'Win a prize' }).click(),
    ]);
    expect(response.status()).toBe(403);
    const me = await page.request.get('/api/users/me');
    expect(await me.json()).toMatchObject({ email: DEMO.customer });
  });
});

/** GET with the request line exactly as given (a browser or Playwright would resolve `//host/x` first). */
function rawGet(baseURL: string, path: string): Promise<{ status: number; location: string; body: string }> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, location: String(res.headers.location ?? ''), body }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

test('a request line of //another.host/x neither links nor redirects to that host', async ({ baseURL }) => {
  for (const path of ['//evil.example/x', '//evil.example/account', '//evil.example/dashboard']) {
    const response = await rawGet(baseURL!, path);
    expect(response.location, path).not.toMatch(/^(https?:)?\/\/evil\.example/);
    expect(response.body, path).not.toMatch(/(href|content|src|action)="(https?:)?\/\/evil\.example/);
  }
});
