import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { schema } from '@barbershop/db';
import { createProduct, createUser } from '@barbershop/db/factories';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { signInAs } from '../test/sessions.ts';
import { createShop } from '../test/shop.ts';
import { StripeStandIn } from '../test/stripe-stand-in.ts';

type Mode = 'pass' | 'fail' | 'lose-answer' | 'hang' | 'slow';

/** The server's Stripe client gives up on a call after this long (STRIPE_TIMEOUT_MS), and tries once more. */
const TIMEOUT_MS = 3000;
const SLOW_MS = TIMEOUT_MS / 2;

/**
 * Stands between the server's Stripe client and the stand-in and misbehaves on demand: 'fail'
 * answers 500 without reaching Stripe; 'lose-answer' lets Stripe act, then answers 500 as if the
 * answer were lost on the way back; 'hang' lets Stripe act and never answers; 'slow' holds each
 * request for half the client's timeout before passing it on.
 */
async function faultyProxy(target: string) {
  let mode: Mode = 'pass';
  let held = 0;
  let holding = 0;
  const server: Server = createServer((req, res) => {
    const pass = (onAnswer: (status: number, body: Buffer) => void) => {
      const upstream = forward(
        `${target}${req.url}`,
        { method: req.method, headers: req.headers },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () => onAnswer(answer.statusCode ?? 502, Buffer.concat(chunks)));
        },
      );
      req.pipe(upstream);
    };
    const fail = () => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: 'stand-in fault' } }));
    };
    const answer = (status: number, body: Buffer) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(body);
    };
    if (mode === 'fail') req.resume().on('end', fail);
    else if (mode === 'lose-answer') pass(() => fail());
    else if (mode === 'hang')
      pass(() => {
        held++;
      });
    else if (mode === 'slow') {
      holding++;
      setTimeout(() => {
        holding--;
        pass(answer);
      }, SLOW_MS);
    } else pass(answer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    set: (next: Mode) => {
      mode = next;
    },
    /** Answers Stripe gave that were never passed on ('hang'). */
    held: () => held,
    /** Requests being held back now ('slow'). */
    holding: () => holding,
    stop: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

// Issue 13, point 4: Stripe failing, losing answers or answering slowly during checkout.
describe('checkout while Stripe misbehaves', () => {
  const stripe = new StripeStandIn();
  let proxy: Awaited<ReturnType<typeof faultyProxy>>;
  let app: TestApp;
  let product: Awaited<ReturnType<typeof createProduct>>;

  beforeAll(async () => {
    const env = await stripe.start();
    proxy = await faultyProxy(env.STRIPE_API_BASE!);
    app = await buildTestApp({
      ...env,
      STRIPE_API_BASE: proxy.base,
      STRIPE_TIMEOUT_MS: String(TIMEOUT_MS),
    });
    await createShop(app.db);
    product = await createProduct(app.db, { category: 'Hats' }, { stock: { 'One Size Fits All': 10 } });
  });
  afterAll(async () => {
    await app.close();
    await proxy.stop();
    await stripe.stop();
  });

  const pay = (cookie: string, of = product) =>
    app.inject({
      method: 'POST',
      url: '/api/payment/create-payment-intent',
      headers: { cookie },
      payload: { products: [{ _id: of.id, size: 'One Size Fits All', quantity: 2 }] },
    });
  const stockOf = async (of = product) => {
    const [stock] = await app.db
      .select()
      .from(schema.productStock)
      .where(eq(schema.productStock.productId, of.id));
    return stock!.quantity;
  };
  const state = async (userId: string) => {
    const orders = await app.db.select().from(schema.orders).where(eq(schema.orders.userId, userId));
    return { orders, stock: await stockOf() };
  };

  it.each([
    ['answers 500', 'fail'],
    ['acts but its answer is lost', 'lose-answer'],
    ['acts but never answers', 'hang'],
  ] as const)(
    'when Stripe %s: a retryable 503, the reservation kept, and a retry makes no second PaymentIntent',
    async (_, mode) => {
      const user = await createUser(app.db);
      const cookie = await signInAs(app, user);
      const before = (await state(user.id)).stock;
      const createdBefore = stripe.created;
      proxy.set(mode);
      const started = Date.now();
      const refused = await pay(cookie);
      const waited = Date.now() - started;
      proxy.set('pass');
      // At worst a try and one retry, each given up after the timeout: the customer never waits a minute.
      expect(waited).toBeLessThan(2 * TIMEOUT_MS + 5000);
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBeDefined();
      expect(refused.json()).toEqual({
        error: { code: 'unavailable', message: 'The payment service did not answer. Please try again.' },
      });
      const held = await state(user.id);
      expect(held.orders.map((order) => order.status)).toEqual(['pending']);
      expect(held.stock).toBe(before - 2);

      const retried = await pay(cookie);
      expect(retried.statusCode).toBe(200);
      const after = await state(user.id);
      expect(after.orders).toHaveLength(1);
      expect(after.stock).toBe(before - 2);
      expect(stripe.created - createdBefore).toBe(1);
      expect(after.orders[0]!.paymentId).toBe([...stripe.intents.keys()].at(-1));
    },
    30_000,
  );

  it('while Stripe keeps a dozen checkouts waiting, the rest of the shop answers at once', async () => {
    // More waiting checkouts than the PostgreSQL pool has connections; on PGlite one would do.
    const waiting = await Promise.all(
      Array.from({ length: 12 }, async () => signInAs(app, await createUser(app.db))),
    );
    const other = await signInAs(app, await createUser(app.db));
    const caps = await createProduct(app.db, { category: 'Hats' }, { stock: { 'One Size Fits All': 24 } });
    const heldBefore = proxy.held();
    proxy.set('hang');
    const checkouts = waiting.map((cookie) => pay(cookie, caps));
    // Retries are held too: the count only grows.
    await expect
      .poll(() => proxy.held() - heldBefore, { timeout: 2 * TIMEOUT_MS })
      .toBeGreaterThanOrEqual(12);
    const started = Date.now();
    const orders = await app.inject({ url: '/api/orders', headers: { cookie: other } });
    const answeredIn = Date.now() - started;
    expect(orders.statusCode).toBe(200);
    // Before, the database (PGlite) waited for Stripe to be given up (6 s), and on PostgreSQL every
    // pooled connection did, so the list was a 503 after 3 s.
    expect(answeredIn).toBeLessThan(2500);
    // Each still ends in the retryable answer, its reservation kept.
    const answers = await Promise.all(checkouts);
    proxy.set('pass');
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(12).fill(503));
    expect(await stockOf(caps)).toBe(0);
  }, 30_000);

  it('a second tab paying another cart while Stripe is slow waits for the first: one PaymentIntent, at its total', async () => {
    const user = await createUser(app.db);
    const cookie = await signInAs(app, user);
    const createdBefore = stripe.created;
    const cart = (quantity: number) => ({
      method: 'POST' as const,
      url: '/api/payment/create-payment-intent',
      headers: { cookie },
      payload: { products: [{ _id: product.id, size: 'One Size Fits All', quantity }] },
    });
    proxy.set('slow');
    const finished: string[] = [];
    const first = app.inject(cart(2)).then((answer) => {
      finished.push('first');
      return answer;
    });
    await expect.poll(() => proxy.holding(), { timeout: TIMEOUT_MS }).toBe(1);
    const second = app.inject(cart(1)).then((answer) => {
      finished.push('second');
      return answer;
    });
    const [a, b] = await Promise.all([first, second]);
    proxy.set('pass');
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(finished).toEqual(['first', 'second']);
    expect(b.json().clientSecret).toBe(a.json().clientSecret);
    expect(stripe.created - createdBefore).toBe(1);
    const [order] = (await state(user.id)).orders;
    expect(order!.total).toBe(b.json().total);
    expect(stripe.intents.get(order!.paymentId!)?.amount).toBe(order!.total);
  }, 30_000);

  it('when Stripe answers slowly but within the timeout: the customer waits and gets one PaymentIntent, asked for once', async () => {
    const user = await createUser(app.db);
    const createdBefore = stripe.created;
    const asked = () => stripe.requests.filter((r) => r.path === '/v1/payment_intents').length;
    const askedBefore = asked();
    proxy.set('slow');
    const answer = await pay(await signInAs(app, user));
    proxy.set('pass');
    expect(answer.statusCode).toBe(200);
    expect(answer.json().clientSecret).toMatch(/^pi_\d+_secret_/);
    expect(stripe.created - createdBefore).toBe(1);
    expect(asked() - askedBefore).toBe(1);
    expect((await state(user.id)).orders.map((order) => order.status)).toEqual(['pending']);
  }, 30_000);
});
