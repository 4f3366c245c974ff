import { rmSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createBarber, createProduct, createUser } from '@barbershop/db/factories';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { fakeWebRoot, registerFakePages } from '../test/fake-web.ts';
import { signInAs } from '../test/sessions.ts';

const SITE = 'http://localhost:3000';
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

// A stand-in for the web build: a page showing the shop, the barbers, the catalogue and the
// signed-in visitor, with the nonce where React Router writes it; it counts its renders, answers
// 404 for an unknown product and sets a cookie on one page, as a real page could.
const FAKE_BUILD = `
globalThis.pageRenders = 0;
export const entry = { module: {
  createLoadContext: (values) => values,
  createRequestHandler: () => async (request, context) => {
    globalThis.pageRenders++;
    const { pathname } = new URL(request.url);
    const [shop, barbers, products, me] = await Promise.all(
      ['/shop', '/barbers', '/products/published', '/users/me'].map((path) => context.apiFetch(path).then((r) => r.json())),
    );
    const n = context.nonce;
    const html = '<!doctype html><html><head><link rel="modulepreload" href="/a.js" nonce="' + n + '"></head><body>' +
      '<h1>' + shop.name + '</h1><p>' + (me ? me.email : 'guest') + '</p>' +
      '<ul>' + barbers.map((b) => '<li>' + b.name + '</li>').join('') + '</ul>' +
      '<ul>' + products.map((p) => '<li>' + p.name + ' ' + p.stock.map((s) => s.quantity).join('/') + '</li>').join('') + '</ul>' +
      '<p>' + 'A page long enough to be worth compressing. '.repeat(60) + '</p>' +
      '<script nonce="' + n + '">window.a = 1</script><script nonce="' + n + '">window.b = 2</script></body></html>';
    const headers = { 'content-type': 'text/html; charset=utf-8' };
    if (pathname === '/barbershops/cookie') headers['set-cookie'] = 'seen=' + globalThis.pageRenders + '; Path=/';
    return new Response(html, { status: pathname === '/store/nothing' ? 404 : 200, headers });
  },
} };
`;

const renders = () => (globalThis as { pageRenders?: number }).pageRenders ?? 0;
const nonceOf = (page: LightMyRequestResponse) =>
  /'nonce-([^']+)'/.exec(String(page.headers['content-security-policy']))?.[1];
/** The body with this response's nonce written as N: what every visitor's copy has in common. */
const withoutNonce = (page: LightMyRequestResponse, body = page.body) => body.replaceAll(nonceOf(page)!, 'N');

describe('anonymous pages from memory (page-cache.ts)', () => {
  let app: TestApp;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = fakeWebRoot(FAKE_BUILD);
    app = await buildTestApp({ PUBLIC_URL: SITE }, (server) =>
      registerFakePages(server, webRoot, SITE, {
        pageCache: { maxEntries: 4, maxBytes: 1024 * 1024, maxAgeMs: 60_000 },
      }),
    );
    await createBarber(app.db, { name: 'Ada Fade', position: 1 }, []);
    await createProduct(app.db, { name: 'Shop Cap', category: 'Hats' });
    // With something in memory, sync() waits until these writes' notifications (late on PostgreSQL) are in.
    await app.inject('/api/shop');
    await app.publicCache.sync();
  });
  afterAll(async () => {
    await app.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ url, headers: { 'user-agent': BROWSER, ...headers } });

  it('renders a page once and hands the next visitor the same HTML with a fresh nonce that matches its CSP', async () => {
    const before = renders();
    const first = await get('/legal/terms');
    const second = await get('/legal/terms');
    expect(renders() - before).toBe(1);
    expect(second.statusCode).toBe(200);
    expect(nonceOf(first)).not.toBe(nonceOf(second));
    for (const page of [first, second]) {
      expect(page.body.match(/nonce="([^"]+)"/g)).toEqual(Array(3).fill(`nonce="${nonceOf(page)}"`));
    }
    expect(withoutNonce(second)).toBe(withoutNonce(first));
    expect(second.body).toContain('Ada Fade');
  });

  it('answers a cached page with the headers of a rendered one, nonce apart', async () => {
    const headersOf = (page: LightMyRequestResponse) => {
      const { date: _date, 'content-length': _length, 'transfer-encoding': _chunked, ...rest } = page.headers;
      return {
        ...rest,
        'content-security-policy': String(rest['content-security-policy']).replace(/nonce-[^']+/, 'N'),
      };
    };
    for (const [url, encoding] of [
      ['/barbershops/plain', {}],
      ['/barbershops/gzip', { 'accept-encoding': 'gzip' }],
    ] as const) {
      const before = renders();
      const rendered = await get(url, encoding);
      const cached = await get(url, encoding);
      expect(renders() - before).toBe(1);
      expect(headersOf(cached)).toEqual(headersOf(rendered));
    }
    const cached = await get('/legal/privacy');
    expect(cached.headers).toMatchObject({
      'cache-control': 'no-cache',
      'content-type': 'text/html; charset=utf-8',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
    expect(String(cached.headers.vary).toLowerCase().split(', ').sort()).toEqual([
      'accept-encoding',
      'cookie',
    ]);
  });

  it('sends gzip and brotli bodies that open to the same HTML', async () => {
    await get('/store');
    const plain = await get('/store');
    const gzip = await get('/store', { 'accept-encoding': 'br;q=0.5, gzip' });
    const br = await get('/store', { 'accept-encoding': 'br' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(withoutNonce(gzip, gunzipSync(gzip.rawPayload).toString())).toBe(withoutNonce(plain));
    expect(withoutNonce(br, brotliDecompressSync(br.rawPayload).toString())).toBe(withoutNonce(plain));
  });

  it('never answers a signed-in visitor from memory, nor keeps their page for anyone else', async () => {
    const cookie = await signInAs(app, await createUser(app.db, { email: 'casey@example.com' }));
    await get('/');
    const before = renders();
    const theirs = await get('/', { cookie });
    expect(theirs.body).toContain('casey@example.com');
    expect(theirs.headers['cache-control']).toBe('private, no-store');
    expect((await get('/', { cookie })).body).toContain('casey@example.com');
    expect(renders() - before).toBe(2);
    const anonymous = await get('/');
    expect(renders() - before).toBe(2);
    expect(anonymous.body).not.toContain('casey@example.com');
  });

  it('shows a change to the shop, a barber or a product on the very next request', async () => {
    const admin = await signInAs(app, await createUser(app.db, { accessLevel: 2 }));
    await get('/barbershops');
    expect((await get('/barbershops')).body).toContain('<h1>Barbershop</h1>');

    const saved = await app.inject({
      method: 'PUT',
      url: '/api/shop',
      headers: { cookie: admin },
      payload: { name: 'Sharp Corner', version: 1 },
    });
    expect(saved.statusCode).toBe(200);
    expect((await get('/barbershops')).body).toContain('<h1>Sharp Corner</h1>');

    await app.db.execute(sql`update barbers set name = 'Ada Taper'`);
    await app.publicCache.sync();
    expect((await get('/barbershops')).body).toContain('Ada Taper');

    await app.db.execute(sql`update product_stock set quantity = 3`);
    await app.publicCache.sync();
    expect((await get('/barbershops')).body).toContain('Shop Cap 3');
  });

  it('renders a page again once it is a minute old', async () => {
    await get('/store/shop-cap');
    const before = renders();
    await get('/store/shop-cap');
    expect(renders()).toBe(before);
    const later = Date.now() + 61_000;
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => later);
    try {
      await get('/store/shop-cap');
    } finally {
      clock.mockRestore();
    }
    expect(renders()).toBe(before + 1);
  });

  it('keeps no page that answers 404 or sets a cookie, and shares one render between concurrent first requests', async () => {
    const before = renders();
    expect((await get('/store/nothing')).statusCode).toBe(404);
    expect((await get('/store/nothing')).statusCode).toBe(404);
    const cookies = [await get('/barbershops/cookie'), await get('/barbershops/cookie')].map(
      (page) => page.headers['set-cookie'],
    );
    expect(cookies[0]).not.toEqual(cookies[1]);
    expect(renders() - before).toBe(4);

    const pages = await Promise.all(Array.from({ length: 5 }, () => get('/barbershops/together')));
    expect(renders() - before).toBe(5);
    expect(new Set(pages.map(nonceOf)).size).toBe(5);
    expect(new Set(pages.map((page) => withoutNonce(page))).size).toBe(1);
  });

  it('keeps a bounded number of pages, and none for a query string it does not know', async () => {
    const before = renders();
    for (const index of [0, 1]) await get(`/?q=${index}`);
    await get('/?q=0');
    expect(renders() - before).toBe(3);

    // Four pages fit: a fifth sends the least recently used one out.
    for (const name of ['a', 'b', 'c', 'd', 'e']) await get(`/barbershops/${name}?index=1`);
    const afterFill = renders();
    await get('/barbershops/e?index=1');
    expect(renders()).toBe(afterFill);
    await get('/barbershops/a?index=1');
    expect(renders()).toBe(afterFill + 1);
  });

  it('renders crawlers their own copy, and answers HEAD from memory', async () => {
    await get('/legal/terms');
    const before = renders();
    await get('/legal/terms', { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' });
    expect(renders()).toBe(before + 1);
    const head = await app.inject({
      method: 'HEAD',
      url: '/legal/terms',
      headers: { 'user-agent': BROWSER },
    });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(renders()).toBe(before + 1);
  });
});
