import { schema } from '@barbershop/db';
import { createProduct, createUser } from '@barbershop/db/factories';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createOrder } from '../../test/orders.ts';
import { createShop } from '../../test/shop.ts';
import { updateOrder } from './lifecycle.repository.ts';
import {
  attachPayment,
  cancelPending,
  changeStatus,
  fulfil,
  notifyOf,
  reserve,
  reserveForPayment,
} from './order-lifecycle.ts';

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
    expect(mail?.html).toContain('<html lang="en" dir="ltr">');
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

describe('order lifecycle: the checkout lease', () => {
  let app: TestApp;
  let product: Awaited<ReturnType<typeof createProduct>>;

  beforeAll(async () => {
    app = await buildTestApp();
    await createShop(app.db);
    product = await createProduct(app.db, { name: 'Lease Tee' }, { stock: { Medium: 10 } });
  });
  afterAll(() => app.close());

  const checkout = (userId: string, quantity: number) =>
    reserveForPayment(
      app.db,
      { userId, lines: [{ _id: product.id, size: 'Medium', quantity }], salesTaxRate: 0, provider: 'demo' },
      60_000,
    );
  const reserved = async () => {
    const user = await createUser(app.db);
    return { user, ...(await checkout(user.id, 1)) };
  };
  const leaseOf = async (userId: string) =>
    (await app.db.select().from(schema.users).where(eq(schema.users.id, userId)))[0]!.checkoutLeaseUntil;
  const orderOf = async (orderId: string) =>
    (await app.db.select().from(schema.orders).where(eq(schema.orders.id, orderId)))[0]!;

  it('stores the payment and gives the lease back', async () => {
    const { user, order, lease } = await reserved();
    expect((await leaseOf(user.id))?.getTime()).toBe(lease.getTime());
    await attachPayment(app.db, { userId: user.id, lease, orderId: order.id, paymentId: `demo_${order.id}` });
    expect(await leaseOf(user.id)).toBeNull();
    expect((await orderOf(order.id)).paymentId).toBe(`demo_${order.id}`);
  });

  it('stores nothing for a call that outlived its lease, which another checkout now holds', async () => {
    const { user, order, lease } = await reserved();
    const theirs = new Date(lease.getTime() + 1000);
    await app.db.update(schema.users).set({ checkoutLeaseUntil: theirs }).where(eq(schema.users.id, user.id));
    await expect(
      attachPayment(app.db, { userId: user.id, lease, orderId: order.id, paymentId: 'pi_late' }),
    ).rejects.toMatchObject({ code: 'unavailable' });
    expect((await orderOf(order.id)).paymentId).toBeNull();
    expect((await leaseOf(user.id))?.getTime()).toBe(theirs.getTime());
  });

  it('refuses an order canceled meanwhile, and still gives the lease back', async () => {
    const { user, order, lease } = await reserved();
    await cancelPending(app.db, { orderId: order.id, message: 'canceled in the dashboard' });
    await expect(
      attachPayment(app.db, { userId: user.id, lease, orderId: order.id, paymentId: 'pi_x' }),
    ).rejects.toMatchObject({
      code: 'conflict',
      message: 'This order was paid or canceled meanwhile: see your orders.',
    });
    expect((await orderOf(order.id)).paymentId).toBeNull();
    expect(await leaseOf(user.id)).toBeNull();
  });

  it('takes no lease when the reservation is refused', async () => {
    const user = await createUser(app.db);
    await expect(checkout(user.id, 11)).rejects.toMatchObject({ code: 'bad_request' });
    expect(await leaseOf(user.id)).toBeNull();
  });
});
