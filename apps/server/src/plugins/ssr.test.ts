import { rmSync } from 'node:fs';
import { createUser } from '@barbershop/db/factories';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findLiveSession } from '../modules/auth/sessions.repository.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { fakeWebRoot, registerFakePages } from '../test/fake-web.ts';
import { signInAs } from '../test/sessions.ts';

vi.mock('../modules/auth/sessions.repository.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../modules/auth/sessions.repository.ts')>();
  return { ...actual, findLiveSession: vi.fn(actual.findLiveSession) };
});

const SITE = 'http://localhost:3000';

// A stand-in for the web build: its request handler plays a page whose loader makes the API calls a
// private page makes, and whose action posts the page's form on to the API, as React Router's would
// through serverApi(context). So the test sees what the SSR plugin hands pages, without a web build.
const FAKE_BUILD = `
export const entry = { module: {
  createLoadContext: (values) => values,
  createRequestHandler: () => async (request, context) => {
    const api = context.apiFetch;
    const path = new URL(request.url).pathname;
    if (path.startsWith('/__error/')) return new Response('error page ' + path.slice(9), { status: Number(path.slice(9)) });
    if (request.method === 'POST') {
      const form = await request.formData();
      const target = form.get('target');
      form.delete('target');
      const answer = await api(target, { method: 'POST', body: [...form.keys()].length ? form : undefined });
      return Response.json({ status: answer.status, body: await answer.json() });
    }
    const answers = await Promise.all(['/barbers', '/users/me', '/users/me', '/users/me/items', '/orders'].map((path) => api(path)));
    return Response.json({ statuses: answers.map((answer) => answer.status), me: await answers[1].json() });
  },
} };
`;

describe('pages reach the API through the bridge (ssr.ts)', () => {
  let app: TestApp;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = fakeWebRoot(FAKE_BUILD);
    app = await buildTestApp({ PUBLIC_URL: SITE }, async (server) => {
      await server.register(
        async (scope) => {
          scope.addContentTypeParser('multipart/form-data', { parseAs: 'string' }, (_request, body, done) =>
            done(null, body),
          );
          scope.post('/echo', { config: { access: 'signedIn' } }, async (request) => ({
            contentType: request.headers['content-type'],
            body: request.body,
          }));
        },
        { prefix: '/api/test' },
      );
      await registerFakePages(server, webRoot, SITE);
    });
  });
  afterAll(async () => {
    await app.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  /** A browser's form post to a page, from `origin`. */
  function postPage(cookie: string, origin: string, fields: Record<string, string>) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    const encoded = new Response(form);
    return encoded.arrayBuffer().then((payload) =>
      app.inject({
        method: 'POST',
        url: '/account',
        headers: {
          cookie,
          origin,
          'sec-fetch-site': origin === SITE ? 'same-origin' : 'cross-site',
          'content-type': encoded.headers.get('content-type') ?? '',
        },
        payload: Buffer.from(payload),
      }),
    );
  }

  it("posts a page's form on to the API as FormData, as the visitor", async () => {
    const cookie = await signInAs(app, await createUser(app.db));
    const page = await postPage(cookie, SITE, { target: '/test/echo', size: 'Large' });
    const { status, body } = page.json() as { status: number; body: { contentType: string; body: string } };
    expect(status).toBe(200);
    expect(body.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(body.body).toContain('name="size"');
    expect(body.body).toContain('Large');
  });

  it("refuses a page post over the server's body limit (413) before the page's action reads it", async () => {
    const cookie = await signInAs(app, await createUser(app.db, { accessLevel: 1 }));
    const page = await postPage(cookie, SITE, { target: '/test/echo', note: 'x'.repeat(1024 * 1024 + 1) });
    expect(page.statusCode).toBe(413);
    expect(page.body).toBe('error page 413');
  });

  it("refuses a cross-site form post to a page whose action calls the API, by the API's same-site rule", async () => {
    const user = await createUser(app.db);
    const cookie = await signInAs(app, user);
    const page = await postPage(cookie, 'https://evil.example', { target: '/auth/logout' });
    expect(page.json()).toEqual({
      status: 403,
      body: { error: { code: 'forbidden', message: 'Cross-site request refused.' } },
    });
    expect(page.headers['set-cookie']).toBeUndefined();
    const me = await app.inject({ url: '/api/users/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ gid: user.id });
  });

  it("signs out through a same-site page action: the API's cookie reaches the browser with the page", async () => {
    const cookie = await signInAs(app, await createUser(app.db));
    const page = await postPage(cookie, SITE, { target: '/auth/logout' });
    expect(page.json()).toEqual({ status: 200, body: { signedOut: true } });
    expect(String(page.headers['set-cookie'])).toMatch(/^session=;/);
    expect((await app.inject({ url: '/api/users/me', headers: { cookie } })).json()).toBeNull();
  });

  it('looks the session up once per page render, for all five of its API calls', async () => {
    const user = await createUser(app.db);
    const cookie = await signInAs(app, user);
    const lookups = vi.mocked(findLiveSession);
    const before = lookups.mock.calls.length;
    const page = await app.inject({ url: '/account', headers: { cookie } });
    expect(page.json()).toMatchObject({ statuses: [200, 200, 200, 200, 200], me: { gid: user.id } });
    expect(lookups.mock.calls.length - before).toBe(1);
    await app.inject({ url: '/account', headers: { cookie } });
    expect(lookups.mock.calls.length - before).toBe(2);
  });
});
