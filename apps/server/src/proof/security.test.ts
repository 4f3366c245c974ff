import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, schema } from '@barbershop/db';
import { createItem, createProduct, createUser } from '@barbershop/db/factories';
import { openTestDatabase } from '@barbershop/db/testing';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { buildTestApp, REAL_PROVIDERS, type TestApp } from '../test/app.ts';
import { type FormFile, multipart } from '../test/multipart.ts';
import { createOrder } from '../test/orders.ts';
import { pngBomb } from '../test/png-bomb.ts';
import { signInAs } from '../test/sessions.ts';
import { createShop } from '../test/shop.ts';
import { streamUpload } from '../test/streamed-upload.ts';

// Issue 13, point 5: the security suite beyond the access matrix (access-matrix.test.ts), walking
// the OpenAPI document so that a new route is covered without anyone remembering to add it.

type Operation = { method: string; path: string };
const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// Fields a customer must never set, under the names the API and the database use.
const FORBIDDEN_FIELDS = {
  accessLevel: 2,
  role: 'admin',
  userId: '00000000-0000-4000-8000-000000000000',
  owner: '00000000-0000-4000-8000-000000000000',
  ownerUserId: '00000000-0000-4000-8000-000000000000',
  status: 'delivered',
  price: 0.01,
  priceCents: 1,
  unitPrice: 1,
  total: 1,
  subtotal: 1,
  salesTax: 0,
};

async function operations(app: TestApp): Promise<Operation[]> {
  const doc = (await app.inject('/api/docs/openapi.json')).json() as { paths: Record<string, object> };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
  );
}

describe('security suite', () => {
  let app: TestApp;
  let ops: Operation[];
  let tee: Awaited<ReturnType<typeof createProduct>>;
  let alice: { id: string };
  let bob: { id: string };
  let aliceOrder: Awaited<ReturnType<typeof createOrder>>;

  beforeAll(async () => {
    app = await buildTestApp();
    await createShop(app.db, 0.05);
    tee = await createProduct(app.db, { name: 'Proof Tee', priceCents: 2500 });
    alice = await createUser(app.db, { name: 'Alice Owner', accessLevel: 0 });
    bob = await createUser(app.db, { name: 'Bob Other', accessLevel: 0 });
    aliceOrder = await createOrder(app.db, {
      userId: alice.id,
      lines: [{ product: tee, size: 'Medium', quantity: 1 }],
    });
    ops = await operations(app);
  });
  afterAll(() => app.close());

  const fill = (path: string, values: Record<string, string>) =>
    path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? 'missing');

  // Two apps, each on a database of its own: on PostgreSQL each is created and migrated, 21 s for the
  // two at a load of 20, past the suite's 20 s a test.
  it('a route that declares no access rule, or hides one from the API document, stops the server from starting', async () => {
    await expect(
      buildTestApp({}, async (server) => {
        server.post('/api/unruled', async () => ({ ok: true }));
      }),
    ).rejects.toThrow(/declares no access rule/);
    // Nor may one that needs a role hide from the API document the access matrix walks.
    await expect(
      buildTestApp({}, async (server) => {
        server.post('/api/hidden', { config: { access: 'staff' }, schema: { hide: true } }, async () => ({}));
      }),
    ).rejects.toThrow(/needs a role and is left out of the API document/);
  }, 60_000);

  it('refuses every state-changing route from another site, whoever is signed in, and changes nothing', async () => {
    const admin = await createUser(app.db, { accessLevel: 2 });
    const writes = ops.filter((op) => WRITE.has(op.method));
    expect(writes.length).toBeGreaterThan(0);
    const answers: Record<string, number> = {};
    for (const op of writes) {
      for (const site of [{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.example' }]) {
        const response = await app.inject({
          method: op.method as 'POST',
          url: fill(op.path, { gid: bob.id, id: aliceOrder.id }),
          headers: { cookie: await signInAs(app, admin), ...site },
          payload: { orderId: aliceOrder.id, accessLevel: 2, products: [] },
        });
        answers[`${op.method} ${op.path} ${Object.keys(site)[0]}`] = response.statusCode;
      }
    }
    // Stripe's webhook is the one route other sites may call: it proves itself by signature.
    for (const [route, status] of Object.entries(answers)) {
      expect([route, status]).toEqual([route, route.startsWith('POST /api/payment/webhook') ? 404 : 403]);
    }
    const [bobNow] = await app.db.select().from(schema.users).where(eq(schema.users.id, bob.id));
    expect(bobNow?.accessLevel).toBe(0);
    // Sign-out by GET is state-changing too: refused from another site.
    const logout = await app.inject({
      url: '/api/auth/logout',
      headers: { cookie: await signInAs(app, bob), 'sec-fetch-site': 'cross-site' },
    });
    expect(logout.statusCode).toBe(403);
  });

  it("shows another customer's order and item to no one but their owner, through every route that takes an id", async () => {
    const bobCookie = await signInAs(app, bob);
    const item = aliceOrder.items[0]!;
    const byId = ops.filter((op) => /\{\w+\}/.test(op.path) || op.path === '/api/payment/demo/confirm');
    const values = { id: aliceOrder.id, gid: alice.id, product: tee.slug, item: item.id, name: tee.slug };
    for (const op of byId) {
      const response = await app.inject({
        method: op.method as 'GET',
        url: fill(op.path, values),
        headers: { cookie: bobCookie },
        ...(WRITE.has(op.method) ? { payload: { orderId: aliceOrder.id, phone: '(719) 555-0100' } } : {}),
      });
      const body = response.body;
      // Nothing of Alice's private data, whatever the status.
      expect(body, `${op.method} ${op.path}`).not.toContain(alice.id);
      expect(body, `${op.method} ${op.path}`).not.toContain('Alice');
      // The routes a customer may call answer as if the order did not exist; staff-only ones say 403.
      if (
        (op.path === '/api/orders/{id}' && op.method === 'GET') ||
        op.path === '/api/payment/demo/confirm'
      ) {
        expect(response.statusCode, `${op.method} ${op.path}`).toBe(404);
      }
    }
    // Bob's own order list and items do not include Alice's.
    const mine = await app.inject({ url: '/api/orders', headers: { cookie: bobCookie } });
    expect(mine.body).not.toContain(aliceOrder.id);
    const items = await app.inject({ url: '/api/users/me/items', headers: { cookie: bobCookie } });
    expect(items.body).not.toContain(item.id);
    const [order] = await app.db.select().from(schema.orders).where(eq(schema.orders.id, aliceOrder.id));
    expect(order?.status).toBe('processing');
  });

  it('ignores accessLevel, owner, status and price in every body a customer can send', async () => {
    const carol = await createUser(app.db, { accessLevel: 0 });
    const valid: Record<string, () => Record<string, unknown>> = {
      'POST /api/payment/create-payment-intent': () => ({
        products: [{ _id: tee.id, size: 'Medium', quantity: 2, ...FORBIDDEN_FIELDS }],
      }),
    };
    const writes = ops.filter((op) => WRITE.has(op.method) && op.path !== '/api/payment/webhook');
    for (const op of writes) {
      const key = `${op.method} ${op.path}`;
      const pending = await app.db.select().from(schema.orders).where(eq(schema.orders.userId, carol.id));
      const body = {
        ...(valid[key]?.() ?? {}),
        orderId: pending[0]?.id ?? aliceOrder.id,
        ...FORBIDDEN_FIELDS,
      };
      const response = await app.inject({
        method: op.method as 'POST',
        url: fill(op.path, { gid: carol.id, id: pending[0]?.id ?? aliceOrder.id }),
        headers: { cookie: await signInAs(app, carol) },
        payload: body,
      });
      expect(response.statusCode, key).toBeLessThan(500);
    }
    const [carolNow] = await app.db.select().from(schema.users).where(eq(schema.users.id, carol.id));
    expect(carolNow?.accessLevel).toBe(0);
    const [teeNow] = await app.db.select().from(schema.products).where(eq(schema.products.id, tee.id));
    expect(teeNow?.priceCents).toBe(2500);
    const orders = await app.db.select().from(schema.orders).where(eq(schema.orders.userId, carol.id));
    // The checkout went through (the extra fields are ignored, not a reason to refuse it), then was paid.
    expect(orders).toHaveLength(1);
    for (const order of orders) {
      // Paid at the database price (2 x $25.00 + 5% tax), whoever the body named.
      expect(order).toMatchObject({ subtotal: 5000, salesTax: 250, total: 5250 });
      const lines = await app.db
        .select()
        .from(schema.orderLines)
        .where(eq(schema.orderLines.orderId, order.id));
      expect(lines.map((line) => line.unitPrice)).toEqual([2500]);
      const items = await app.db
        .select()
        .from(schema.productItems)
        .where(eq(schema.productItems.orderId, order.id));
      expect(items.every((row) => row.ownerUserId === carol.id)).toBe(true);
    }
    const [aliceNow] = await app.db.select().from(schema.orders).where(eq(schema.orders.id, aliceOrder.id));
    expect(aliceNow?.status).toBe('processing');
    expect(aliceNow?.userId).toBe(alice.id);
  });

  it('refuses fields outside each staff and admin form with 400, and changes nothing', async () => {
    const staff = await signInAs(app, await createUser(app.db, { accessLevel: 1 }));
    const admin = await signInAs(app, await createUser(app.db, { accessLevel: 2 }));
    const dan = await createUser(app.db, { name: 'Dan Customer', accessLevel: 0 });
    const item = await createItem(app.db, { productId: tee.id, size: 'Medium' });
    const snapshot = async () => ({
      dan: (await app.db.select().from(schema.users).where(eq(schema.users.id, dan.id)))[0],
      order: (await app.db.select().from(schema.orders).where(eq(schema.orders.id, aliceOrder.id)))[0],
      item: (await app.db.select().from(schema.productItems).where(eq(schema.productItems.id, item.id)))[0],
      tee: (await app.db.select().from(schema.products).where(eq(schema.products.id, tee.id)))[0],
    });
    const before = await snapshot();
    const json = (method: 'PUT' | 'PATCH', url: string, cookie: string, payload: object) =>
      app.inject({ method, url, headers: { cookie, 'sec-fetch-site': 'same-origin' }, payload });
    const form = async (url: string, cookie: string, fields: object) => {
      const body = await multipart(fields);
      return app.inject({ method: 'PUT', url, payload: body.payload, headers: { ...body.headers, cookie } });
    };
    // Each a change the role may make, plus what it must not set with it.
    const answers = {
      'admin PATCH user: email, name, sign-in subject': await json('PATCH', `/api/users/${dan.id}`, admin, {
        phone: '(719) 555-0100',
        email: 'attacker@example.com',
        name: 'Renamed',
        oidcSubject: 'someone-else',
      }),
      'staff PUT order status: total, customer, payment': await json(
        'PUT',
        `/api/orders/${aliceOrder.id}`,
        staff,
        {
          status: 'ready',
          total: 1,
          userId: bob.id,
          paymentId: 'pi_forged',
        },
      ),
      'staff PATCH item: owner account': await json(
        'PATCH',
        `/api/products/${tee.slug}/items/${item.id}`,
        staff,
        {
          status: 'ready',
          ownerUserId: bob.id,
          orderId: aliceOrder.id,
        },
      ),
      'staff PUT product: cents, publish, deletion': await form(`/api/products/${tee.slug}`, staff, {
        pricing: '30',
        version: before.tee!.version,
        priceCents: 1,
        published: false,
        deletedAt: new Date().toISOString(),
      }),
    };
    // Refused for those fields, each named, not for anything else in the request.
    expect(
      Object.fromEntries(
        Object.entries(answers).map(([key, answer]) => [
          key,
          [answer.statusCode, answer.json().error.message],
        ]),
      ),
    ).toEqual({
      'admin PATCH user: email, name, sign-in subject': [
        400,
        'body: Unrecognized keys: "email", "name", "oidcSubject"',
      ],
      'staff PUT order status: total, customer, payment': [
        400,
        'body: Unrecognized keys: "total", "userId", "paymentId"',
      ],
      'staff PATCH item: owner account': [400, 'body: Unrecognized keys: "ownerUserId", "orderId"'],
      'staff PUT product: cents, publish, deletion': [
        400,
        'form: Unrecognized keys: "priceCents", "published", "deletedAt"',
      ],
    });
    expect(await snapshot()).toEqual(before);
  });

  it('sends nosniff on every answer, errors included', async () => {
    const cookie = await signInAs(app, bob);
    for (const op of ops) {
      const response = await app.inject({
        method: op.method as 'GET',
        url: fill(op.path, { id: aliceOrder.id, gid: bob.id, product: tee.slug, item: 'x', name: tee.slug }),
        headers: { cookie, 'sec-fetch-site': 'same-origin' },
        ...(WRITE.has(op.method) ? { payload: {} } : {}),
      });
      expect(response.headers['x-content-type-options'], `${op.method} ${op.path}`).toBe('nosniff');
    }
    const missing = await app.inject('/api/no-such-route');
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
  });

  it('limits payment creation per customer, answering 429 with Retry-After', async () => {
    const dana = await createUser(app.db);
    const cookie = await signInAs(app, dana);
    const pay = (who: string) =>
      app.inject({
        method: 'POST',
        url: '/api/payment/create-payment-intent',
        headers: { cookie: who },
        payload: { products: [{ _id: tee.id, size: 'Large', quantity: 1 }] },
      });
    for (let i = 0; i < app.config.paymentRateLimit; i += 1) expect((await pay(cookie)).statusCode).toBe(200);
    const refused = await pay(cookie);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({
      error: {
        code: 'too_many_requests',
        message: 'Too many payment attempts. Wait a minute and try again.',
      },
    });
    // Another customer on the same address is not held back.
    expect((await pay(await signInAs(app, await createUser(app.db)))).statusCode).toBe(200);
  });

  it('sends HSTS on every answer when the site is served over HTTPS, and not over plain HTTP', async () => {
    const secure = await buildTestApp({ PUBLIC_URL: 'https://shop.example', ...REAL_PROVIDERS });
    try {
      for (const url of ['/api/shop', '/api/no-such-route', '/healthz']) {
        expect((await secure.inject(url)).headers['strict-transport-security'], url).toMatch(/max-age=\d+/);
        expect((await app.inject(url)).headers['strict-transport-security'], url).toBeUndefined();
      }
    } finally {
      await secure.close();
    }
  });
});

describe('uploads under attack', () => {
  const LIMIT = 3;
  const form = (name: string) => ({ name, description: 'Proof.', pricing: 20, category: 'Hats' });
  let app: TestApp;
  let base: string;
  let photo: FormFile;

  beforeAll(async () => {
    app = await buildTestApp({ UPLOAD_RATE_LIMIT: String(LIMIT) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    photo = {
      body: await sharp({ create: { width: 40, height: 40, channels: 3, background: '#336699' } })
        .png()
        .toBuffer(),
      filename: 'photo.png',
    };
  });
  afterAll(() => app.close());

  const staffCookie = async () => signInAs(app, await createUser(app.db, { accessLevel: 1 }));
  const save = async (cookie: string, method: 'POST' | 'PUT', url: string, fields: unknown) => {
    const body = await multipart(fields, [photo]);
    return app.inject({ method, url, payload: body.payload, headers: { ...body.headers, cookie } });
  };
  const productNames = async () =>
    (await app.db.select({ name: schema.products.name }).from(schema.products)).map((row) => row.name);

  it('refuses a file over 10 MB having read about the limit, not the 200 MB the client would send', async () => {
    const answer = await streamUpload(`${base}/api/products`, {
      cookie: await staffCookie(),
      form: form('Endless Upload'),
      fileBytes: 200 * 1024 * 1024,
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({
      error: { code: 'payload_too_large', message: 'Images must be 10 MB or smaller.' },
    });
    // The answer came while most of the body was still unsent: the server stopped at the limit
    // (what is over 10 MB is what the connection's buffers held), and reads no more of it.
    expect(answer.sentBytes).toBeLessThan(50 * 1024 * 1024);
    expect(answer.headers.connection).toBe('close');
    expect(await productNames()).not.toContain('Endless Upload');
  });

  // Memory stays bounded because a file goes to disk as it arrives: measured here as bytes on disk
  // while the requests are still open (a server that read files into memory first has none). The
  // process's memory figures are no measure of it in this process: the embedded database's
  // WebAssembly memory grows by tens of MB at a time while the test runs.
  it('streams uploads to temporary files as they arrive: five files 8 MB in are on disk while their requests are open', async () => {
    const cookies = await Promise.all(Array.from({ length: 5 }, staffCookie));
    const received = 8 * 1024 * 1024;
    const before = new Set(readdirSync(tmpdir()));
    const stop = new AbortController();
    // Five staff uploads of 9.9 MB each, every client stalling 8 MB into its file.
    const answers = cookies.map((cookie, i) =>
      streamUpload(`${base}/api/products`, {
        cookie,
        form: form(`Memory ${i}`),
        fileBytes: Math.floor(9.9 * 1024 * 1024),
        stallAfter: received,
        signal: stop.signal,
      }),
    );
    /** This test's uploads in the server's temporary directories, by bytes written so far. */
    const onDisk = () =>
      readdirSync(tmpdir())
        .filter((name) => name.startsWith('upload-') && !before.has(name))
        .flatMap((dir) => {
          try {
            return readdirSync(join(tmpdir(), dir)).map((file) => statSync(join(tmpdir(), dir, file)).size);
          } catch {
            return [];
          }
        });
    try {
      const full = () => onDisk().filter((size) => size >= received).length;
      await expect.poll(full, { timeout: 10_000 }).toBe(5);
    } finally {
      stop.abort();
    }
    expect((await Promise.all(answers)).map((answer) => answer.status)).toEqual([0, 0, 0, 0, 0]);
    // A dropped upload leaves no file behind.
    await expect.poll(() => onDisk().length, { timeout: 10_000 }).toBe(0);
    expect(await productNames()).not.toContain('Memory 0');
  });

  it('refuses an upload bomb: a 300 KB PNG declaring 50,000 x 50,000 pixels is never decoded', async () => {
    const bomb = await pngBomb(50_000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const body = await multipart(form('Bomb Hat'), [{ body: bomb, filename: 'hat.png' }]);
    const response = await app.inject({
      method: 'POST',
      url: '/api/products',
      payload: body.payload,
      headers: { ...body.headers, cookie: await staffCookie() },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: { code: 'payload_too_large', message: 'Images must be 40 megapixels or smaller.' },
    });
    expect(await productNames()).not.toContain('Bomb Hat');
  });

  it('limits uploads per staff member across the forms that take them, answering 429 with Retry-After before reading the body', async () => {
    const cookie = await staffCookie();
    const created = await save(cookie, 'POST', '/api/products', form('Limit One'));
    expect(created.statusCode).toBe(200);
    const edit = { images: [{ upload: 0 }], version: created.json().version };
    expect((await save(cookie, 'PUT', '/api/products/limit-one', edit)).statusCode).toBe(200);
    expect((await save(cookie, 'POST', '/api/products', form('Limit Two'))).statusCode).toBe(200);

    // The client sends the headers and 64 KB of a 50 MB file, then stalls: the answer cannot wait
    // for the body.
    const refused = await streamUpload(`${base}/api/products`, {
      cookie,
      form: form('Limit Three'),
      fileBytes: 50 * 1024 * 1024,
      stallAfter: 64 * 1024,
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.connection).toBe('close');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(refused.body)).toEqual({
      error: { code: 'too_many_requests', message: 'Too many uploads. Wait a minute and try again.' },
    });
    expect((await save(cookie, 'POST', '/api/products', form('Limit Four'))).statusCode).toBe(429);
    expect(await productNames()).not.toContain('Limit Three');

    // Another staff member is not held back.
    const other = await staffCookie();
    expect((await save(other, 'POST', '/api/products', form('Limit Five'))).statusCode).toBe(200);
  });

  it('counts uploads through every server copy together, each copy with its own connections', async () => {
    const handle = await openTestDatabase();
    // On PostgreSQL the second copy has its own pool, as a second process would.
    const other = handle.url ? await openDatabase({ url: handle.url, dataDir: '' }) : handle;
    const dataDir = mkdtempSync(join(tmpdir(), 'barbershop-uploads-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SESSION_SECRET: 'u'.repeat(32),
      UPLOAD_RATE_LIMIT: '2',
    });
    const a = await buildApp(config, { database: handle, web: false, logger: false });
    const b = await buildApp(config, { database: other, web: false, logger: false });
    try {
      const user = await createUser(handle.db, { accessLevel: 1 });
      const cookie = await signInAs(Object.assign(a, { handle, config }), user);
      const upload = async (copy: typeof a, name: string) => {
        const body = await multipart(form(name), [photo]);
        const response = await copy.inject({
          method: 'POST',
          url: '/api/products',
          payload: body.payload,
          headers: { ...body.headers, cookie },
        });
        return response.statusCode;
      };
      expect([
        await upload(a, 'Copy One'),
        await upload(b, 'Copy Two'),
        await upload(a, 'Copy Three'),
        await upload(b, 'Copy Four'),
      ]).toEqual([200, 200, 429, 429]);
    } finally {
      await a.close();
      await b.close();
      if (other !== handle) await other.close();
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
