import type { PaymentIntent } from '@barbershop/contract';
import { schema } from '@barbershop/db';
import { createProduct, createUser } from '@barbershop/db/factories';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { signInAs } from '../../test/sessions.ts';

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
});
