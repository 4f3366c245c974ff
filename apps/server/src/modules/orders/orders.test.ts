import type { Order, OrderSummary } from '@barbershop/contract';
import { schema } from '@barbershop/db';
import { createProduct, createUser } from '@barbershop/db/factories';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createOrder } from '../../test/orders.ts';
import { signInAs } from '../../test/sessions.ts';

describe('orders API', () => {
  let app: TestApp;
  let casey: string;
  let morgan: string;
  let staff: string;
  let order: Awaited<ReturnType<typeof createOrder>>;
  let older: Awaited<ReturnType<typeof createOrder>>;
  let hoodie: Awaited<ReturnType<typeof createProduct>>;
  let cap: Awaited<ReturnType<typeof createProduct>>;

  beforeAll(async () => {
    app = await buildTestApp();
    const caseyUser = await createUser(app.db, { name: 'Casey Customer' });
    const sam = await createUser(app.db, { name: 'Sam Staff', accessLevel: 1 });
    casey = await signInAs(app, caseyUser);
    morgan = await signInAs(app, await createUser(app.db));
    staff = await signInAs(app, sam);
    hoodie = await createProduct(
      app.db,
      { name: 'Logo Hoodie', category: 'Hoodies', priceCents: 5500 },
      { imageKeys: ['images/hoodie'] },
    );
    cap = await createProduct(app.db, { name: 'Shop Cap', category: 'Hats', priceCents: 2500 });
    older = await createOrder(app.db, {
      userId: caseyUser.id,
      lines: [{ product: cap, size: 'One Size Fits All', quantity: 1 }],
      status: 'delivered',
      createdAt: new Date('2026-11-02T15:00:00Z'),
      actorUserId: sam.id,
    });
    order = await createOrder(app.db, {
      userId: caseyUser.id,
      lines: [
        { product: hoodie, size: 'Large', quantity: 2 },
        { product: cap, size: 'One Size Fits All', quantity: 1 },
      ],
      salesTaxRate: 0.029,
      status: 'ready',
      actorUserId: sam.id,
    });
  });
  afterAll(() => app.close());

  const get = (url: string, cookie?: string) => app.inject({ url, headers: cookie ? { cookie } : {} });

  it("lists the caller's own orders, newest first, with amounts in cents", async () => {
    const response = await get('/api/orders', casey);
    expect(response.statusCode).toBe(200);
    expect(response.json<OrderSummary[]>()).toEqual([
      { _id: order.id, total: order.total, date: order.createdAt.toISOString(), status: 'ready' },
      { _id: older.id, total: 2500, date: '2026-11-02T15:00:00.000Z', status: 'delivered' },
    ]);
    expect((await get('/api/orders', morgan)).json()).toEqual([]);
    expect((await get('/api/orders')).statusCode).toBe(401);
  });

  it('shows the owner the whole order: lines, their printed items, totals in cents and the log', async () => {
    const response = await get(`/api/orders/${order.id}`, casey);
    expect(response.statusCode).toBe(200);
    const body = response.json<Order>();
    const subtotal = 2 * 5500 + 2500;
    const tax = Math.round(subtotal * 0.029);
    expect(body).toMatchObject({
      _id: order.id,
      status: 'ready',
      deliveryMethod: 'pickup',
      user: { name: 'Casey Customer' },
      subtotal,
      salesTax: tax,
      shippingCost: 0,
      total: subtotal + tax,
      shipping: { name: 'Pickup', cost: 0, address: null },
    });
    const [hoodieLine, capLine] = body.products;
    expect(hoodieLine).toMatchObject({
      productId: hoodie.id,
      name: 'Logo Hoodie',
      slug: 'logo-hoodie',
      size: 'Large',
      unitPrice: 5500,
      quantity: 2,
      image: { src: '/media/images/hoodie-640.webp', alt: 'Logo Hoodie' },
    });
    expect(hoodieLine?.items).toHaveLength(2);
    expect(hoodieLine?.items.every((item) => item.size === 'Large' && item.status === 'ready')).toBe(true);
    expect(capLine).toMatchObject({ slug: 'shop-cap', image: { src: '/placeholder.svg' } });
    expect(capLine?.items).toHaveLength(1);
    expect(body.log.map((entry) => entry.message)).toEqual([
      'Payment received',
      'Order status updated from processing to ready',
    ]);
    expect(body.log[1]?.actor).toBe('Sam Staff');
  });

  it("says which lines' products are no longer in the store, whose pages answer 404", async () => {
    const lines = async () => (await get(`/api/orders/${order.id}`, casey)).json<Order>().products;
    expect((await lines()).map((line) => line.inStore)).toEqual([true, true]);
    await app.db.update(schema.products).set({ archived: true }).where(eq(schema.products.id, cap.id));
    try {
      expect((await lines()).map((line) => [line.slug, line.inStore])).toEqual([
        ['logo-hoodie', true],
        ['shop-cap', false],
      ]);
      expect((await get('/api/products/store/shop-cap')).statusCode).toBe(404);
    } finally {
      await app.db.update(schema.products).set({ archived: false }).where(eq(schema.products.id, cap.id));
    }
  });

  it('shows any order to staff', async () => {
    expect((await get(`/api/orders/${order.id}`, staff)).statusCode).toBe(200);
  });

  it("answers another customer's order exactly like one that does not exist (404)", async () => {
    const theirs = await get(`/api/orders/${order.id}`, morgan);
    const missing = await get('/api/orders/00000000-0000-4000-8000-000000000000', morgan);
    const garbage = await get('/api/orders/not-an-id', morgan);
    for (const response of [theirs, missing, garbage]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'not_found', message: 'No such order.' } });
    }
  });

  it('is 401 when signed out', async () => {
    expect((await get(`/api/orders/${order.id}`)).statusCode).toBe(401);
  });
});
