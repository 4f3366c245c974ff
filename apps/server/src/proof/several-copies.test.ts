import { schema } from '@barbershop/db';
import { createProduct, createUser } from '@barbershop/db/factories';
import { openTestDatabase } from '@barbershop/db/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESERVATION_EXPIRED_MESSAGE } from '../modules/orders/order-lifecycle.ts';
import { createSession, sessionCookieName } from '../plugins/session.ts';
import { databaseUrlOf, type ServerProcess, startServerProcess } from '../test/processes.ts';
import { createShop } from '../test/shop.ts';
import { StripeStandIn } from '../test/stripe-stand-in.ts';

// Issue 13, point 3: two operating-system processes of the server (each with its own connection
// pool) on one PostgreSQL database, with Stripe played by the local stand-in. multi-instance.test.ts
// shows the same for two apps in one process; this shows it holds across processes.
describe.runIf(process.env.TEST_DB === 'postgres')('two server processes on one PostgreSQL', () => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  const stripe = new StripeStandIn();
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    handle = await openTestDatabase();
    await createShop(handle.db);
    const env = { ...(await stripe.start()), DATABASE_URL: await databaseUrlOf(handle) };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await stripe.stop();
    await handle.close();
  });

  const signIn = async () => {
    const user = await createUser(handle.db);
    return { user, cookie: `${sessionCookieName(false)}=${await createSession(handle.db, user.id)}` };
  };
  const call = (server: ServerProcess, path: string, init: { cookie?: string; body?: unknown } = {}) =>
    fetch(server.base + path, {
      method: init.body === undefined ? 'GET' : 'POST',
      headers: {
        ...(init.cookie ? { cookie: init.cookie } : {}),
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  const stockOf = async (productId: string) =>
    (
      await handle.db.select().from(schema.productStock).where(eq(schema.productStock.productId, productId))
    )[0]!.quantity;

  it('share sessions: signed in on both, signed out through one is signed out on the other', async () => {
    const { user, cookie } = await signIn();
    for (const server of [a, b]) {
      expect(await (await call(server, '/api/users/me', { cookie })).json()).toMatchObject({ gid: user.id });
    }
    expect((await call(b, '/api/auth/logout', { cookie, body: {} })).status).toBe(200);
    expect(await (await call(a, '/api/users/me', { cookie })).json()).toBeNull();
  });

  it('sell the last 3 units to exactly 3 of 50 simultaneous checkouts split across both; stock ends at 0', async () => {
    const product = await createProduct(handle.db, { category: 'Hoodies' }, { stock: { Large: 3 } });
    const customers = await Promise.all(Array.from({ length: 50 }, signIn));
    const statuses = await Promise.all(
      customers.map(({ cookie }, i) =>
        call(i % 2 ? b : a, '/api/payment/create-payment-intent', {
          cookie,
          body: { products: [{ _id: product.id, size: 'Large', quantity: 1 }] },
        }).then((response) => response.status),
      ),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(47);
    const reserved = await handle.db
      .select()
      .from(schema.orderLines)
      .innerJoin(schema.orders, eq(schema.orders.id, schema.orderLines.orderId))
      .where(and(eq(schema.orderLines.productId, product.id), eq(schema.orders.status, 'pending')));
    expect(reserved).toHaveLength(3);
    expect(await stockOf(product.id)).toBe(0);
  }, 60_000);

  it('fulfil once when one webhook is delivered to both at once: one set of items, one email', async () => {
    const product = await createProduct(handle.db, { category: 'Hats' });
    const { cookie } = await signIn();
    const intent = (await (
      await call(a, '/api/payment/create-payment-intent', {
        cookie,
        body: { products: [{ _id: product.id, size: 'One Size Fits All', quantity: 2 }] },
      })
    ).json()) as { orderId: string };
    const [order] = await handle.db.select().from(schema.orders).where(eq(schema.orders.id, intent.orderId));
    const { payload, header } = stripe.event('payment_intent.succeeded', stripe.succeed(order!.paymentId!));
    const deliveries = await Promise.all(
      [a, b, a, b].map((server) =>
        fetch(`${server.base}/api/payment/webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': header },
          body: payload,
        }).then((response) => response.status),
      ),
    );
    expect(deliveries).toEqual([200, 200, 200, 200]);
    const [paid] = await handle.db.select().from(schema.orders).where(eq(schema.orders.id, order!.id));
    expect(paid?.status).toBe('processing');
    const items = await handle.db
      .select()
      .from(schema.productItems)
      .where(eq(schema.productItems.orderId, order!.id));
    expect(items).toHaveLength(2);
    const emails = await handle.db
      .select()
      .from(schema.outbox)
      .where(eq(schema.outbox.dedupeKey, `order-confirmation:${order!.id}`));
    expect(emails).toHaveLength(1);
    const log = await handle.db.select().from(schema.orderLog).where(eq(schema.orderLog.orderId, order!.id));
    expect(log.filter((entry) => entry.message === 'Payment received')).toHaveLength(1);
  }, 30_000);

  it('return stock once when both sweep the same expired reservations at once', async () => {
    const product = await createProduct(
      handle.db,
      { category: 'Hats' },
      { stock: { 'One Size Fits All': 8 } },
    );
    const customers = await Promise.all(Array.from({ length: 4 }, signIn));
    for (const { cookie } of customers) {
      const response = await call(a, '/api/payment/create-payment-intent', {
        cookie,
        body: { products: [{ _id: product.id, size: 'One Size Fits All', quantity: 2 }] },
      });
      expect(response.status).toBe(200);
    }
    expect(await stockOf(product.id)).toBe(0);
    // Earlier tests' reservations are pending too, and expire with these.
    const pending = await handle.db.select().from(schema.orders).where(eq(schema.orders.status, 'pending'));
    const later = new Date(Date.now() + 31 * 60_000).toISOString();
    const swept = await Promise.all(
      [a, b].map(
        async (server) =>
          (
            (await (await call(server, `/test/sweep?at=${later}`, { body: {} })).json()) as {
              canceled: number;
            }
          ).canceled,
      ),
    );
    expect(swept[0]! + swept[1]!).toBe(pending.length);
    expect(await stockOf(product.id)).toBe(8);
    const log = await handle.db
      .select()
      .from(schema.orderLog)
      .where(eq(schema.orderLog.message, RESERVATION_EXPIRED_MESSAGE));
    expect(log.map((entry) => entry.orderId).sort()).toEqual(pending.map((order) => order.id).sort());
  }, 30_000);

  it('see a catalogue change made through the other copy at once', async () => {
    const product = await createProduct(handle.db, { name: 'Changing Tee', priceCents: 2500 });
    const staff = await createUser(handle.db, { accessLevel: 1 });
    const cookie = `${sessionCookieName(false)}=${await createSession(handle.db, staff.id)}`;
    const read = async (server: ServerProcess) =>
      ((await (await call(server, `/api/products/store/${product.slug}`)).json()) as { pricing: number })
        .pricing;
    expect([await read(a), await read(b)]).toEqual([25, 25]);

    // Staff change the price through a, as the dashboard's product form sends it.
    const form = new FormData();
    form.set('form', JSON.stringify({ pricing: '30', version: product.version }));
    const saved = await fetch(`${a.base}/api/products/${product.slug}`, {
      method: 'PUT',
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
      body: form,
    });
    expect(saved.status).toBe(200);
    // The copy that saved it answers from its database at once; the other learns of it by the
    // database's notification, which arrives within milliseconds of the commit.
    expect(await read(a)).toBe(30);
    await expect.poll(() => read(b), { interval: 5, timeout: 1000 }).toBe(30);
  });
});
