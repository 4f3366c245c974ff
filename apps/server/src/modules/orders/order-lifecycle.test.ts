import { schema } from '@barbershop/db';
import { createProduct, createUser } from '@barbershop/db/factories';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createOrder } from '../../test/orders.ts';
import { createShop } from '../../test/shop.ts';
import { updateOrder } from './lifecycle.repository.ts';
import { changeStatus, fulfil, notifyOf, reserve } from './order-lifecycle.ts';

describe('order lifecycle: staff status changes', () => {
  let app: TestApp;
  let product: Awaited<ReturnType<typeof createProduct>>;
  let staffId: string;
  let customerId: string;

  beforeAll(async () => {
    app = await buildTestApp();
    await createShop(app.db);
    product = await createProduct(app.db, { name: 'Shop Tee' });
    staffId = (await createUser(app.db, { name: 'Sam Staff', accessLevel: 1 })).id;
    customerId = (await createUser(app.db, { email: 'casey@example.com' })).id;
  });
  afterAll(() => app.close());

  const notify = () => notifyOf(app.config);
  const paidOrder = () =>
    createOrder(app.db, { userId: customerId, lines: [{ product, size: 'Medium', quantity: 2 }] });

  it('moves a pickup order to ready: logged with who did it, items printed, the customer emailed', async () => {
    const order = await paidOrder();
    const ready = await changeStatus(app.db, {
      orderId: order.id,
      to: 'ready',
      actorUserId: staffId,
      notify: notify(),
    });
    expect(ready.status).toBe('ready');
    const log = await app.db.select().from(schema.orderLog).where(eq(schema.orderLog.orderId, order.id));
    expect(log.map((entry) => [entry.message, entry.actorUserId])).toEqual([
      ['Payment received', null],
      ['Order status updated from processing to ready', staffId],
    ]);
    const items = await app.db
      .select()
      .from(schema.productItems)
      .where(eq(schema.productItems.orderId, order.id));
    expect(items.map((item) => item.status)).toEqual(['ready', 'ready']);
    const [mail] = await app.db
      .select()
      .from(schema.outbox)
      .where(eq(schema.outbox.dedupeKey, `order-ready:${order.id}`));
    expect(mail).toMatchObject({ to: 'casey@example.com', subject: `Ready for pickup: ${order.id}` });
    expect(mail?.html).toContain('<html lang="en">');
  });

  it('refuses a change its delivery method does not allow with 409, and changes nothing', async () => {
    const order = await paidOrder();
    for (const to of ['shipped', 'delivered', 'pending', 'canceled'] as const) {
      await expect(
        changeStatus(app.db, { orderId: order.id, to, actorUserId: staffId, notify: null }),
      ).rejects.toMatchObject({ code: 'conflict' });
    }
    const [row] = await app.db.select().from(schema.orders).where(eq(schema.orders.id, order.id));
    expect(row?.status).toBe('processing');
  });

  it('answers 404 for an order that does not exist', async () => {
    await expect(
      changeStatus(app.db, {
        orderId: '00000000-0000-4000-8000-000000000000',
        to: 'ready',
        actorUserId: staffId,
        notify: null,
      }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('order lifecycle: the confirmation of a payment', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await buildTestApp();
    await createShop(app.db);
  });
  afterAll(() => app.close());

  it("dates the payment by when it was made, not when the cart was reserved, in the shop's day", async () => {
    const product = await createProduct(app.db, { name: 'Night Owl Tee' });
    const user = await createUser(app.db, { email: 'owl@example.com' });
    // Reserved at 11:50 PM in Colorado Springs on Nov 25; the card went through at 12:05 AM on Nov 26.
    const reserved = await reserve(app.db, {
      userId: user.id,
      lines: [{ _id: product.id, size: 'Medium', quantity: 1 }],
      salesTaxRate: 0,
      provider: 'demo',
      at: new Date('2026-11-26T06:50:00Z'),
    });
    const order = await updateOrder(app.db, reserved.id, { paymentId: `demo_${reserved.id}` });
    const notify = { ...notifyOf(app.config), timeZone: 'America/Denver' };
    expect(
      await fulfil(app.db, {
        orderId: order.id,
        provider: 'demo',
        paymentId: order.paymentId!,
        amount: order.total,
        currency: 'usd',
        notify,
        at: new Date('2026-11-26T07:05:00Z'),
      }),
    ).toBe('fulfilled');
    const [mail] = await app.db
      .select()
      .from(schema.outbox)
      .where(eq(schema.outbox.dedupeKey, `order-confirmation:${order.id}`));
    expect(mail?.html).toContain('We received your payment on Nov 26, 2026.');
  });
});
