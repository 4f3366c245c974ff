import type { PaymentIntent } from '@barbershop/contract';
import { schema } from '@barbershop/db';
import { createProduct, createUser } from '@barbershop/db/factories';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { signInAs } from '../../test/sessions.ts';
import { updateOrder } from '../orders/lifecycle.repository.ts';
import { cancelPending, fulfil, reserve } from '../orders/order-lifecycle.ts';
import { lockStock, replaceStock } from '../products/products.repository.ts';

// Real concurrency needs real connections: PGlite runs one query at a time.
describe.runIf(process.env.TEST_DB === 'postgres')('checkout under load, on PostgreSQL', () => {
  let app: TestApp;
  // A second copy of the server on the same database, as behind a load balancer (DESIGN.md section 9).
  let copy: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    app = await buildTestApp();
    copy = await buildApp(app.config, { database: app.handle, web: false, logger: false });
  });
  afterAll(async () => {
    await copy.close();
    await app.close();
  });

  it('sells the last 3 units to exactly 3 of 50 simultaneous customers on two servers; the others get 409', async () => {
    const product = await createProduct(
      app.db,
      { name: 'Last Hoodie', category: 'Hoodies' },
      { stock: { Large: 3 } },
    );
    const cookies = await Promise.all(
      Array.from({ length: 50 }, async () => signInAs(app, await createUser(app.db))),
    );
    let lowest = 3;
    let watching = true;
    const watch = (async () => {
      while (watching) {
        const [row] = await app.db
          .select()
          .from(schema.productStock)
          .where(eq(schema.productStock.productId, product.id));
        lowest = Math.min(lowest, row!.quantity);
      }
    })();
    const answers = await Promise.all(
      cookies.map((cookie, i) =>
        (i % 2 ? copy : app).inject({
          method: 'POST',
          url: '/api/payment/create-payment-intent',
          headers: { cookie },
          payload: { products: [{ _id: product.id, size: 'Large', quantity: 1 }] },
        }),
      ),
    );
    watching = false;
    await watch;
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(47);
    expect(lowest).toBeGreaterThanOrEqual(0);
    const pending = await app.db.select().from(schema.orders).where(eq(schema.orders.status, 'pending'));
    expect(pending).toHaveLength(3);

    // Each of the three pays: every paid order has its item, and nothing more was sold.
    const winners = answers.flatMap((a, i) => (a.statusCode === 200 ? [{ a, cookie: cookies[i]! }] : []));
    for (const { a, cookie } of winners) {
      const { orderId } = a.json<PaymentIntent>();
      const paid = await app.inject({
        method: 'POST',
        url: '/api/payment/demo/confirm',
        headers: { cookie },
        payload: { orderId },
      });
      expect(paid.json()).toEqual({ orderId, status: 'processing' });
      const items = await app.db
        .select()
        .from(schema.productItems)
        .where(eq(schema.productItems.orderId, orderId));
      expect(items).toHaveLength(1);
    }
    const [stock] = await app.db
      .select()
      .from(schema.productStock)
      .where(eq(schema.productStock.productId, product.id));
    expect(stock?.quantity).toBe(0);
  });
  it('adds the units an order returns to the count staff save at that moment, not to a row that is gone', async () => {
    const product = await createProduct(app.db, { name: 'Busy Hoodie' }, { stock: { Medium: 5, Large: 2 } });
    const cookie = await signInAs(app, await createUser(app.db));
    const reserved = await app.inject({
      method: 'POST',
      url: '/api/payment/create-payment-intent',
      headers: { cookie },
      payload: { products: [{ _id: product.id, size: 'Medium', quantity: 3 }] },
    });
    const { orderId } = reserved.json<PaymentIntent>();

    // Staff save the product's stock (as updateProduct does: lock the rows, then write the counts)
    // while the reservation expires and its 3 units come back, waiting on the locked row.
    let locked = () => {};
    const lockHeld = new Promise<void>((resolve) => (locked = resolve));
    let returning: Promise<boolean> | undefined;
    await app.db.transaction(async (tx) => {
      await lockStock(tx, product.id);
      locked();
      returning = cancelPending(app.db, { orderId, message: 'test' });
      await expect.poll(waitingLocks, { timeout: 5000 }).toBeGreaterThan(0);
      await replaceStock(tx, product.id, { Medium: 8, Large: 2 });
    });
    await lockHeld;
    expect(await returning).toBe(true);
    const rows = await app.db
      .select()
      .from(schema.productStock)
      .where(eq(schema.productStock.productId, product.id));
    expect(Object.fromEntries(rows.map((row) => [row.size, row.quantity]))).toEqual({ Medium: 11, Large: 2 });
  });

  it('locks stock rows in one order everywhere: a cancellation and a stock edit across two products never deadlock', async () => {
    const [one, two] = await Promise.all(
      ['Alpha Tee', 'Beta Tee'].map((name) => createProduct(app.db, { name }, { stock: { Medium: 5 } })),
    );
    const [low, high] = [one!, two!].sort((a, b) => (a.id < b.id ? -1 : 1));
    const cookie = await signInAs(app, await createUser(app.db));
    const reserved = await app.inject({
      method: 'POST',
      url: '/api/payment/create-payment-intent',
      headers: { cookie },
      payload: {
        products: [
          { _id: low!.id, size: 'Medium', quantity: 1 },
          { _id: high!.id, size: 'Medium', quantity: 1 },
        ],
      },
    });
    const { orderId } = reserved.json<PaymentIntent>();
    // The lines read by name put the higher product id first: a walk by name would lock it first.
    await app.db
      .update(schema.orderLines)
      .set({ name: sql`case when ${schema.orderLines.productId} = ${high!.id} then 'A' else 'B' end` })
      .where(eq(schema.orderLines.orderId, orderId));

    // A stock edit of both (as an edit of one product locks its rows) holds the lower one, the
    // reservation lapses meanwhile, then the edit takes the higher one.
    let canceled: Promise<boolean> | undefined;
    await app.db.transaction(async (tx) => {
      await lockStock(tx, low!.id);
      canceled = cancelPending(app.db, { orderId, message: 'test' });
      await expect.poll(waitingLocks, { timeout: 5000 }).toBeGreaterThan(0);
      await lockStock(tx, high!.id);
    });
    expect(await canceled).toBe(true);
    const rows = await app.db
      .select()
      .from(schema.productStock)
      .where(sql`${schema.productStock.productId} in (${low!.id}, ${high!.id})`);
    expect(rows.map((row) => row.quantity)).toEqual([5, 5]);
  });

  /** Statements of this database waiting for a row lock another transaction holds. */
  it("never deadlocks a customer's checkout against the payment of that customer's order", async () => {
    const product = await createProduct(app.db, { name: 'Race Tee' }, { stock: { Large: 1000 } });
    const lines = [{ _id: product.id, size: 'Large' as const, quantity: 1 }];
    const failures: unknown[] = [];
    for (let round = 0; round < 20; round++) {
      const user = await createUser(app.db);
      const pending = await reserve(app.db, { userId: user.id, lines, salesTaxRate: 0, provider: 'demo' });
      const order = await updateOrder(app.db, pending.id, { paymentId: `demo_${pending.id}` });
      const results = await Promise.allSettled([
        reserve(app.db, { userId: user.id, lines, salesTaxRate: 0, provider: 'demo' }),
        fulfil(app.db, {
          orderId: order.id,
          provider: 'demo',
          paymentId: order.paymentId!,
          amount: order.total,
          currency: 'usd',
          notify: null,
        }),
      ]);
      for (const result of results) if (result.status === 'rejected') failures.push(result.reason);
    }
    expect(failures).toEqual([]);
  });

  async function waitingLocks() {
    // node-postgres answers rows in `rows` (this test runs on PostgreSQL only).
    const result = (await app.db.execute(
      sql`select count(*)::int as waiting from pg_locks l join pg_stat_activity a on a.pid = l.pid
          where not l.granted and a.datname = current_database()`,
    )) as unknown as { rows: { waiting: number }[] };
    return result.rows[0]!.waiting;
  }
});
