import { schema } from '@barbershop/db';
import { createProduct, createUser } from '@barbershop/db/factories';
import { openTestDatabase } from '@barbershop/db/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, sessionCookieName } from '../plugins/session.ts';
import { databaseUrlOf, type ServerProcess, startServerProcess } from '../test/processes.ts';
import { createShop } from '../test/shop.ts';
import { StripeStandIn } from '../test/stripe-stand-in.ts';

// Issue 13, point 4: a deploy's SIGTERM while checkouts and Stripe webhooks are in flight.
describe.runIf(process.env.TEST_DB === 'postgres')('SIGTERM with checkouts and webhooks in flight', () => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  const stripe = new StripeStandIn();
  let env: Record<string, string>;
  const started: ServerProcess[] = [];

  beforeAll(async () => {
    handle = await openTestDatabase();
    await createShop(handle.db);
    env = { ...(await stripe.start()), DATABASE_URL: await databaseUrlOf(handle) };
  });
  afterAll(async () => {
    await Promise.all(started.map((server) => server.stop('SIGKILL')));
    await stripe.stop();
    await handle.close();
  });

  const start = async () => {
    const server = await startServerProcess(env);
    started.push(server);
    return server;
  };
  const signIn = async () => {
    const user = await createUser(handle.db);
    return `${sessionCookieName(false)}=${await createSession(handle.db, user.id)}`;
  };
  /** The status of a request, or 0 when the connection was refused or dropped. */
  const send = (url: string, init: RequestInit) =>
    fetch(url, init).then(
      async (response) => ({ status: response.status, body: await response.text() }),
      () => ({ status: 0, body: '' }),
    );

  it('keeps every checkout that got a 2xx, and acknowledges a webhook only once its order is paid', async () => {
    const product = await createProduct(
      handle.db,
      { category: 'Hats' },
      { stock: { 'One Size Fits All': 60 } },
    );
    const line = { _id: product.id, size: 'One Size Fits All', quantity: 1 };
    const first = await start();

    // Ten orders waiting for Stripe's word that they are paid.
    const paying = [];
    for (let i = 0; i < 10; i += 1) {
      const cookie = await signIn();
      const answer = await send(`${first.base}/api/payment/create-payment-intent`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ products: [line] }),
      });
      const { orderId } = JSON.parse(answer.body) as { orderId: string };
      const [order] = await handle.db.select().from(schema.orders).where(eq(schema.orders.id, orderId));
      paying.push({
        orderId,
        event: stripe.event('payment_intent.succeeded', stripe.succeed(order!.paymentId!)),
      });
    }
    const deliver = (server: ServerProcess, event: { payload: string; header: string }) =>
      send(`${server.base}/api/payment/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': event.header },
        body: event.payload,
      });

    const cookies = await Promise.all(Array.from({ length: 20 }, signIn));
    const before = new Set(stripe.intents.keys());
    const release = stripe.hold();
    const checkouts = cookies.map((cookie) =>
      send(`${first.base}/api/payment/create-payment-intent`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ products: [line] }),
      }),
    );
    const webhooks = paying.map(({ event }) => deliver(first, event));
    // Provably in flight: checkouts whose PaymentIntent Stripe made, waiting inside the server for
    // its answer (each holding one of the pool's connections; the other requests queue behind them).
    await expect.poll(() => stripe.waiting, { timeout: 10_000 }).toBeGreaterThanOrEqual(5);
    const draining = async () => (await fetch(`${first.base}/healthz`)).headers.get('connection');
    expect(await draining()).not.toBe('close');
    const exitCode = first.stop('SIGTERM');
    // Once the copy is draining (it closes each connection after its answer, liveness needing no
    // database), Stripe answers: what was in flight must finish.
    await expect.poll(draining, { timeout: 5_000 }).toBe('close');
    const inFlight = [...stripe.intents.values()]
      .filter((intent) => !before.has(intent.id))
      .map((intent) => intent.metadata.orderId);
    release();
    const checkoutAnswers = await Promise.all(checkouts);
    const webhookAnswers = await Promise.all(webhooks);
    expect(await exitCode).toBe(0);
    const answered = checkoutAnswers
      .filter((answer) => answer.status === 200)
      .map((answer) => (JSON.parse(answer.body) as { orderId: string }).orderId);
    expect(inFlight.length).toBeGreaterThanOrEqual(5);
    expect(answered).toEqual(expect.arrayContaining(inFlight));

    const second = await start();
    // Every checkout that was answered 200 is there after the restart, its stock taken.
    for (const answer of checkoutAnswers.filter((a) => a.status === 200)) {
      const { orderId } = JSON.parse(answer.body) as { orderId: string };
      const lines = await handle.db
        .select()
        .from(schema.orderLines)
        .where(eq(schema.orderLines.orderId, orderId));
      expect(lines.map((row) => row.quantity)).toEqual([1]);
    }
    for (const answer of checkoutAnswers) expect([0, 200, 503]).toContain(answer.status);
    // No unit made or lost: on hand + held by pending orders + sold stays 60.
    const [stock] = await handle.db
      .select()
      .from(schema.productStock)
      .where(eq(schema.productStock.productId, product.id));
    const pendingLines = await handle.db
      .select({ quantity: schema.orderLines.quantity })
      .from(schema.orderLines)
      .innerJoin(schema.orders, eq(schema.orders.id, schema.orderLines.orderId))
      .where(and(eq(schema.orderLines.productId, product.id), eq(schema.orders.status, 'pending')));
    const soldBefore = await handle.db
      .select()
      .from(schema.productItems)
      .where(eq(schema.productItems.productId, product.id));
    expect(stock!.quantity + pendingLines.length + soldBefore.length).toBe(60);
    // A webhook answered 2xx was committed; Stripe redelivers the rest, to the new copy.
    for (const [i, { orderId, event }] of paying.entries()) {
      const answer = webhookAnswers[i]!;
      if (answer.status === 200) {
        const [order] = await handle.db.select().from(schema.orders).where(eq(schema.orders.id, orderId));
        expect(order?.status).toBe('processing');
      } else {
        expect((await deliver(second, event)).status).toBe(200);
      }
    }
    for (const { orderId } of paying) {
      const items = await handle.db
        .select()
        .from(schema.productItems)
        .where(eq(schema.productItems.orderId, orderId));
      expect(items).toHaveLength(1);
      const emails = await handle.db
        .select()
        .from(schema.outbox)
        .where(eq(schema.outbox.dedupeKey, `order-confirmation:${orderId}`));
      expect(emails).toHaveLength(1);
    }
  }, 60_000);
});
