import { createUser } from '@barbershop/db/factories';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findLiveSession } from '../modules/auth/sessions.repository.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { signInAs } from '../test/sessions.ts';
import { createApiBridge } from './api-bridge.ts';

// Counts the session lookups, so the test can see how many one page render costs.
vi.mock('../modules/auth/sessions.repository.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../modules/auth/sessions.repository.ts')>();
  return { ...actual, findLiveSession: vi.fn(actual.findLiveSession) };
});

const SITE = 'http://localhost:3000';

type Echo = { method: string; contentType: string; body: string; user: string | null };

/** A page request as the visitor's browser sent it. */
function visitor(headers: Record<string, string>) {
  return { headers, ip: '203.0.113.7', id: 'page-request' };
}

describe('the API bridge pages call through', () => {
  let app: TestApp;
  let cookie: string;
  let userId: string;

  beforeAll(async () => {
    app = await buildTestApp({ PUBLIC_URL: SITE }, async (server) => {
      // Echoes what reached the API, as the API saw it, for a signed-in caller.
      await server.register(
        async (scope) => {
          scope.addContentTypeParser(
            ['multipart/form-data', 'application/x-www-form-urlencoded'],
            { parseAs: 'string' },
            (_request, body, done) => done(null, body),
          );
          scope.post('/echo', { config: { access: 'signedIn' } }, async (request) => ({
            method: request.method,
            contentType: request.headers['content-type'] ?? '',
            body: typeof request.body === 'string' ? request.body : JSON.stringify(request.body),
            user: request.user?.id ?? null,
          }));
        },
        { prefix: '/api/test' },
      );
    });
    const user = await createUser(app.db, { name: 'Page Visitor' });
    userId = user.id;
    cookie = await signInAs(app, user);
  });
  afterAll(() => app.close());

  const sameSite = () => visitor({ cookie, origin: SITE, 'sec-fetch-site': 'same-origin' });

  it('posts a page action JSON body as the visitor', async () => {
    const bridge = createApiBridge(app, sameSite());
    const response = await bridge.fetch('/test/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ quantity: 2 }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      method: 'POST',
      contentType: 'application/json',
      body: '{"quantity":2}',
      user: userId,
    });
  });

  it('posts a page action FormData body, files included, as multipart', async () => {
    const form = new FormData();
    form.set('form', JSON.stringify({ name: 'Logo Hoodie' }));
    form.set('images', new Blob(['not really a png'], { type: 'image/png' }), 'front.png');
    const response = await createApiBridge(app, sameSite()).fetch('/test/echo', {
      method: 'POST',
      body: form,
    });
    const echo = (await response.json()) as Echo;
    expect(echo.user).toBe(userId);
    expect(echo.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(echo.body).toContain('name="form"');
    expect(echo.body).toContain('{"name":"Logo Hoodie"}');
    expect(echo.body).toContain('filename="front.png"');
    expect(echo.body).toContain('not really a png');
  });

  it('posts a URL-encoded form body', async () => {
    const response = await createApiBridge(app, sameSite()).fetch('/test/echo', {
      method: 'POST',
      body: new URLSearchParams({ size: 'Large', count: '3' }),
    });
    const echo = (await response.json()) as Echo;
    expect(echo.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(echo.body).toBe('size=Large&count=3');
  });

  it("refuses a cross-site page post by the API's same-site rule, whatever the page claims", async () => {
    const bridge = createApiBridge(
      app,
      visitor({ cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }),
    );
    const refused = await bridge.fetch('/auth/logout', {
      method: 'POST',
      headers: { 'sec-fetch-site': 'same-origin', origin: SITE },
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: { code: 'forbidden', message: 'Cross-site request refused.' },
    });
    // Still signed in: nothing changed.
    const me = await app.inject({ url: '/api/users/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ gid: userId });
  });

  it('lets reads through on a cross-site arrival (a link from another site), as the API does', async () => {
    const bridge = createApiBridge(app, visitor({ cookie, 'sec-fetch-site': 'cross-site' }));
    const me = await bridge.fetch('/users/me');
    expect(await me.json()).toMatchObject({ gid: userId });
  });

  it('looks the session up once per page render, however many API calls it makes', async () => {
    const lookups = vi.mocked(findLiveSession);
    const before = lookups.mock.calls.length;
    const bridge = createApiBridge(app, sameSite());
    // The root loader's calls at once, then a private page's guard and its data.
    await Promise.all([bridge.fetch('/shop'), bridge.fetch('/users/me')]);
    const guard = await bridge.fetch('/users/me');
    expect(await guard.json()).toMatchObject({ gid: userId });
    expect((await bridge.fetch('/users/me/items')).status).toBe(200);
    expect((await bridge.fetch('/orders')).status).toBe(200);
    expect(lookups.mock.calls.length - before).toBe(1);

    // The next page render looks again: a role change or sign-out elsewhere shows at once.
    await createApiBridge(app, sameSite()).fetch('/users/me');
    expect(lookups.mock.calls.length - before).toBe(2);
  });

  it('signs out through a page action: the cookie is cleared for the page response and later calls see nobody', async () => {
    const user = await createUser(app.db);
    const own = await signInAs(app, user);
    const bridge = createApiBridge(
      app,
      visitor({ cookie: own, origin: SITE, 'sec-fetch-site': 'same-origin' }),
    );
    expect(await (await bridge.fetch('/users/me')).json()).toMatchObject({ gid: user.id });
    expect((await bridge.fetch('/auth/logout', { method: 'POST' })).status).toBe(200);
    expect(bridge.setCookies.join('\n')).toMatch(/^session=;/m);
    expect(await (await bridge.fetch('/users/me')).json()).toBeNull();
  });
});
