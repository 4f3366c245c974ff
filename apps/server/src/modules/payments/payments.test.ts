import { randomUUID } from 'node:crypto';
import type { CatalogProduct, Order, PaymentIntent } from '@barbershop/contract';
import { schema } from '@barbershop/db';
import { createProduct, createUser } from '@barbershop/db/factories';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { signInAs } from '../../test/sessions.ts';
import { createShop } from '../../test/shop.ts';
import { cancelPending, RESERVATION_EXPIRED_MESSAGE } from '../orders/order-lifecycle.ts';
import { replaceStock } from '../products/products.repository.ts';

describe('checkout with the demo provider', () => {
  let app: TestApp;
  let tee: Awaited<ReturnType<typeof createProduct>>;
  let cap: Awaited<ReturnType<typeof createProduct>>;
  let draft: Awaited<ReturnType<typeof createProduct>>;
  let archived: Awaited<ReturnType<typeof createProduct>>;

  beforeAll(async () => {
    app = await buildTestApp();
    await createShop(app.db, 0.029);
    tee = await createProduct(
      app.db,
      { name: 'Logo Tee', priceCents: 2500 },
      { stock: { Small: 0, Medium: 5, Large: 3 } },
    );
    cap = await createProduct(app.db, { name: 'Shop Cap', category: 'Hats', priceCents: 1999 });
    draft = await createProduct(app.db, { name: 'Draft Tee', published: false });
    archived = await createProduct(app.db, { name: 'Old Tee', archived: true });
  });
  afterAll(() => app.close());

  const customer = async () => signInAs(app, await createUser(app.db, { name: 'Casey Customer' }));
  const pay = (cookie: string | undefined, payload: unknown) =>
    app.inject({
      method: 'POST',
      url: '/api/payment/create-payment-intent',
      headers: cookie ? { cookie } : {},
      payload: payload as object,
    });
  const confirm = (cookie: string, orderId: string) =>
    app.inject({
      method: 'POST',
      url: '/api/payment/demo/confirm',
      headers: { cookie },
      payload: { orderId },
    });
  const stockOf = async (productId: string, size: string) => {
    const [row] = await app.db
      .select()
      .from(schema.productStock)
      .where(and(eq(schema.productStock.productId, productId), eq(schema.productStock.size, size)));
    return row?.quantity;
  };

  it('is 401 signed out', async () => {
    const response = await pay(undefined, { products: [{ _id: tee.id, size: 'Medium', quantity: 1 }] });
    expect(response.statusCode).toBe(401);
  });

  it('reserves stock at database prices and the shop tax rate, ignoring prices the client sends', async () => {
    const cookie = await customer();
    const response = await pay(cookie, {
      products: [
        { _id: tee.id, size: 'Medium', quantity: 2, pricing: 0.01, name: 'Cheap' },
        { _id: cap.id, size: 'One Size Fits All', quantity: 1, pricing: 0 },
      ],
      total: 1,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<PaymentIntent>();
    const subtotal = 2 * 2500 + 1999;
    const salesTax = Math.round(subtotal * 0.029);
    expect(body).toMatchObject({
      provider: 'demo',
      subtotal,
      salesTax,
      shippingCost: 0,
      total: subtotal + salesTax,
    });
    expect(body.clientSecret).toBe(`demo_secret_${body.orderId}`);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(Date.parse(body.expiresAt) - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(await stockOf(tee.id, 'Medium')).toBe(3);

    const order = await app.inject({ url: `/api/orders/${body.orderId}`, headers: { cookie } });
    expect(order.json<Order>()).toMatchObject({ status: 'pending', total: subtotal + salesTax });
    // Put it back for the other tests.
    await cancelPending(app.db, { orderId: body.orderId, message: 'test' });
    expect(await stockOf(tee.id, 'Medium')).toBe(5);
  });

  it.each([
    ['an empty cart', [], 'body.products: The cart is empty'],
    [
      '11 of one size',
      [{ size: 'Medium', quantity: 11 }],
      'body.products.0.quantity: At most 10 of one product and size per order',
    ],
    [
      'none of a size',
      [{ size: 'Medium', quantity: 0 }],
      'body.products.0.quantity: Quantity must be at least 1',
    ],
    [
      'half a unit',
      [{ size: 'Medium', quantity: 1.5 }],
      'body.products.0.quantity: Quantity must be a whole number',
    ],
    [
      'two lines of one size adding up to 11',
      [
        { size: 'Medium', quantity: 6 },
        { size: 'Medium', quantity: 5 },
      ],
      'at most 10',
    ],
    [
      'a size the product is not made in',
      [{ size: 'One Size Fits All', quantity: 1 }],
      'Logo Tee does not come in One Size Fits All: remove it from your cart.',
    ],
    [
      'a product that does not exist',
      [{ _id: '00000000-0000-4000-8000-000000000000', size: 'Medium', quantity: 1 }],
      'A product in your cart is not for sale any more: remove it from your cart.',
    ],
    [
      'a draft product',
      [{ draft: true, size: 'Medium', quantity: 1 }],
      'Draft Tee is not for sale any more: remove it from your cart.',
    ],
    [
      'an archived product',
      [{ archived: true, size: 'Medium', quantity: 1 }],
      'Old Tee is not for sale any more: remove it from your cart.',
    ],
  ])('refuses %s with 400 and reserves nothing', async (_, lines, message) => {
    const cookie = await customer();
    const products = (
      lines as { _id?: string; draft?: boolean; archived?: boolean; size: string; quantity: number }[]
    ).map(({ draft: d, archived: a, ...line }) => ({
      _id: d ? draft.id : a ? archived.id : tee.id,
      ...line,
    }));
    const response = await pay(cookie, { products });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain(message);
    expect(await stockOf(tee.id, 'Medium')).toBe(5);
  });

  it('refuses a size without stock with 409 naming product and size, and keeps the earlier reservation', async () => {
    const cookie = await customer();
    const first = await pay(cookie, { products: [{ _id: tee.id, size: 'Large', quantity: 2 }] });
    expect(first.statusCode).toBe(200);
    expect(await stockOf(tee.id, 'Large')).toBe(1);
    const short = await pay(cookie, {
      products: [
        { _id: tee.id, size: 'Large', quantity: 4 },
        { _id: cap.id, size: 'One Size Fits All', quantity: 1 },
      ],
    });
    expect(short.statusCode).toBe(409);
    expect(short.json()).toEqual({
      error: {
        code: 'conflict',
        message: 'Not enough stock: Logo Tee in Large (only 3 left). Lower the quantity in your cart.',
      },
    });
    const soldOut = await pay(cookie, { products: [{ _id: tee.id, size: 'Small', quantity: 1 }] });
    expect(soldOut.json().error.message).toBe(
      'Not enough stock: Logo Tee in Small (none left). Remove it from your cart.',
    );
    expect(await stockOf(tee.id, 'Large')).toBe(1);
    expect(await stockOf(cap.id, 'One Size Fits All')).toBe(10);
    await cancelPending(app.db, { orderId: first.json<PaymentIntent>().orderId, message: 'test' });
  });

  it('refuses a cart under the smallest card payment before reserving anything, and keeps the earlier reservation', async () => {
    const sticker = await createProduct(
      app.db,
      { name: 'Shop Sticker', category: 'Hats', priceCents: 20 },
      { stock: { 'One Size Fits All': 10 } },
    );
    const cookie = await customer();
    const first = await pay(cookie, { products: [{ _id: tee.id, size: 'Large', quantity: 1 }] });
    expect(first.statusCode).toBe(200);
    // 40 cents and 1 cent of tax at 2.9%: Stripe would refuse the charge.
    const small = await pay(cookie, {
      products: [{ _id: sticker.id, size: 'One Size Fits All', quantity: 2 }],
    });
    expect(small.statusCode).toBe(400);
    expect(small.json().error.message).toBe(
      'Card payments start at $0.50; this cart comes to $0.41. Add something to it to pay.',
    );
    expect(await stockOf(sticker.id, 'One Size Fits All')).toBe(10);
    expect(await stockOf(tee.id, 'Large')).toBe(2);
    // Three make 62 cents: paid like any cart.
    const enough = await pay(cookie, {
      products: [{ _id: sticker.id, size: 'One Size Fits All', quantity: 3 }],
    });
    expect(enough.statusCode).toBe(200);
    expect(enough.json<PaymentIntent>()).toMatchObject({
      orderId: first.json<PaymentIntent>().orderId,
      total: 62,
    });
    expect(await stockOf(tee.id, 'Large')).toBe(3);
    await cancelPending(app.db, { orderId: first.json<PaymentIntent>().orderId, message: 'test' });
  });

  it('says in plain words that a cart has too many different lines', async () => {
    const cookie = await customer();
    const lines = Array.from({ length: 21 }, () => ({ _id: randomUUID(), size: 'Medium', quantity: 1 }));
    const response = await pay(cookie, { products: lines });
    expect(response.statusCode).toBe(400);
    // The checkout shows the issue's own words (the message names the field for API clients).
    expect(response.json().error.issues).toEqual([
      {
        path: 'body.products',
        message: 'At most 20 different products and sizes per order: remove some from your cart.',
      },
    ]);
  });

  it('reuses the same order on a retry: the old reservation is returned and the new cart reserved', async () => {
    const user = await createUser(app.db);
    const cookie = await signInAs(app, user);
    const first = (
      await pay(cookie, { products: [{ _id: tee.id, size: 'Medium', quantity: 2 }] })
    ).json<PaymentIntent>();
    const again = await pay(cookie, {
      products: [{ _id: tee.id, size: 'Medium', quantity: 1 }],
      orderId: first.orderId,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json<PaymentIntent>()).toMatchObject({ orderId: first.orderId, subtotal: 2500 });
    expect(await stockOf(tee.id, 'Medium')).toBe(4);
    const orders = await app.db.select().from(schema.orders).where(eq(schema.orders.userId, user.id));
    expect(orders).toHaveLength(1);
    await cancelPending(app.db, { orderId: first.orderId, message: 'test' });
  });

  it('waits out a checkout of the same customer left unfinished (a server killed mid-call), then pays', async () => {
    const user = await createUser(app.db);
    const cookie = await signInAs(app, user);
    const cart = { products: [{ _id: tee.id, size: 'Medium', quantity: 1 }] };
    const first = (await pay(cookie, cart)).json<PaymentIntent>();
    const leftUntil = new Date(Date.now() + 700);
    await app.db
      .update(schema.users)
      .set({ checkoutLeaseUntil: leftUntil })
      .where(eq(schema.users.id, user.id));
    const again = await pay(cookie, { ...cart, orderId: first.orderId });
    expect(again.statusCode).toBe(200);
    expect(Date.now()).toBeGreaterThanOrEqual(leftUntil.getTime());
    const [customer] = await app.db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(customer!.checkoutLeaseUntil).toBeNull();
    await cancelPending(app.db, { orderId: first.orderId, message: 'test' });
  });

  it('dates a reused order by the attempt that is paid, not by the first', async () => {
    const cookie = await customer();
    const first = (
      await pay(cookie, { products: [{ _id: tee.id, size: 'Medium', quantity: 1 }] })
    ).json<PaymentIntent>();
    // The first attempt was declined late last night.
    const lastNight = new Date(Date.now() - 3_600_000);
    await app.db
      .update(schema.orders)
      .set({ createdAt: lastNight })
      .where(eq(schema.orders.id, first.orderId));
    const retried = new Date();
    await pay(cookie, { products: [{ _id: tee.id, size: 'Medium', quantity: 1 }], orderId: first.orderId });
    const [order] = await app.db.select().from(schema.orders).where(eq(schema.orders.id, first.orderId));
    expect(order!.createdAt.getTime()).toBeGreaterThanOrEqual(retried.getTime());
    await cancelPending(app.db, { orderId: first.orderId, message: 'test' });
  });

  it('keeps a size staff stopped offering off sale when the units an order held come back', async () => {
    const hoodie = await createProduct(app.db, { name: 'Crest Hoodie' }, { stock: { Small: 4, Medium: 8 } });
    const cookie = await customer();
    const first = (
      await pay(cookie, { products: [{ _id: hoodie.id, size: 'Small', quantity: 3 }] })
    ).json<PaymentIntent>();
    await app.db.transaction((tx) => replaceStock(tx, hoodie.id, { Medium: 8 }));

    // The customer pays for something else instead: the three Smalls come back to no size.
    await pay(cookie, {
      products: [{ _id: hoodie.id, size: 'Medium', quantity: 1 }],
      orderId: first.orderId,
    });
    expect(await stockOf(hoodie.id, 'Small')).toBeUndefined();
    const store = await app.inject({ url: `/api/products/store/${hoodie.slug}` });
    expect(store.json<CatalogProduct>().stock).toEqual([{ size: 'Medium', quantity: 7 }]);

    // Units of a size still offered come back as before.
    await cancelPending(app.db, { orderId: first.orderId, message: 'test' });
    expect(await stockOf(hoodie.id, 'Medium')).toBe(8);
    expect(await stockOf(hoodie.id, 'Small')).toBeUndefined();
  });

  it('pays the order on demo confirm: processing, one printing item per unit, log and email, once', async () => {
    const user = await createUser(app.db, { name: 'Robin Buyer', email: 'robin@example.com' });
    const cookie = await signInAs(app, user);
    const { orderId } = (
      await pay(cookie, { products: [{ _id: tee.id, size: 'Medium', quantity: 2 }] })
    ).json<PaymentIntent>();
    const other = await confirm(await customer(), orderId);
    expect(other.statusCode).toBe(404);

    for (let i = 0; i < 2; i++) {
      const response = await confirm(cookie, orderId);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ orderId, status: 'processing' });
    }
    const order = (await app.inject({ url: `/api/orders/${orderId}`, headers: { cookie } })).json<Order>();
    expect(order.status).toBe('processing');
    expect(order.products[0]?.items).toHaveLength(2);
    expect(order.products[0]?.items.every((item) => item.status === 'printing')).toBe(true);
    expect(order.log.map((entry) => entry.message)).toEqual(['Payment received']);
    const items = await app.db
      .select()
      .from(schema.productItems)
      .where(eq(schema.productItems.orderId, orderId));
    expect(items.every((item) => item.ownerUserId === user.id)).toBe(true);
    const mail = await app.db.select().from(schema.outbox).where(eq(schema.outbox.to, 'robin@example.com'));
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe(`Order confirmed: ${orderId}`);
    expect(mail[0]?.text).toContain('Total: $51.45');
    expect(mail[0]?.text).toContain('1 Main St, Suite 4, Colorado Springs, CO 80909');
    expect(await stockOf(tee.id, 'Medium')).toBe(3);
  });

  it('refuses to pay again for a cart already paid (its confirmation page never loaded), and makes no order', async () => {
    const cookie = await customer();
    const first = (
      await pay(cookie, { products: [{ _id: cap.id, size: 'One Size Fits All', quantity: 1 }] })
    ).json<PaymentIntent>();
    expect((await confirm(cookie, first.orderId)).statusCode).toBe(200);
    const again = await pay(cookie, {
      products: [{ _id: cap.id, size: 'One Size Fits All', quantity: 1 }],
      orderId: first.orderId,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      `This cart was paid already: order ${first.orderId} is in your account. Start a new cart to order more.`,
    );
    const { userId } = (
      await app.db.select().from(schema.orders).where(eq(schema.orders.id, first.orderId))
    )[0]!;
    expect(await app.db.select().from(schema.orders).where(eq(schema.orders.userId, userId))).toHaveLength(1);
  });

  it('refunds (demo: charges nothing) and flags an order paid after its expired stock was sold', async () => {
    const user = await createUser(app.db);
    const cookie = await signInAs(app, user);
    const { orderId } = (
      await pay(cookie, { products: [{ _id: tee.id, size: 'Medium', quantity: 3 }] })
    ).json<PaymentIntent>();
    expect(await stockOf(tee.id, 'Medium')).toBe(0);
    const later = new Date(Date.now() + 31 * 60_000);
    expect(
      await cancelPending(app.db, { orderId, message: RESERVATION_EXPIRED_MESSAGE, expiredBefore: later }),
    ).toBe(true);
    const rival = await pay(await customer(), { products: [{ _id: tee.id, size: 'Medium', quantity: 3 }] });
    expect(rival.statusCode).toBe(200);

    const late = await confirm(cookie, orderId);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toContain('refunded');
    const [row] = await app.db.select().from(schema.orders).where(eq(schema.orders.id, orderId));
    expect(row).toMatchObject({ status: 'canceled' });
    expect(row?.attention).toContain('refunded');
    expect(
      await app.db.select().from(schema.productItems).where(eq(schema.productItems.orderId, orderId)),
    ).toEqual([]);
    expect(await stockOf(tee.id, 'Medium')).toBe(0);
    await cancelPending(app.db, { orderId: rival.json<PaymentIntent>().orderId, message: 'test' });
  });

  it('keeps a reservation across a server restart: a new server on the same database confirms it', async () => {
    const user = await createUser(app.db);
    const { orderId } = (
      await pay(await signInAs(app, user), {
        products: [{ _id: cap.id, size: 'One Size Fits All', quantity: 1 }],
      })
    ).json<PaymentIntent>();
    const restarted = await buildApp(app.config, { database: app.handle, web: false, logger: false });
    try {
      const response = await restarted.inject({
        method: 'POST',
        url: '/api/payment/demo/confirm',
        headers: { cookie: await signInAs(app, user) },
        payload: { orderId },
      });
      expect(response.json()).toEqual({ orderId, status: 'processing' });
    } finally {
      await restarted.close();
    }
  });
});

describe('checkout before the shop settings are first saved', () => {
  it('charges the SALES_TAX_RATE the public pages show, not nothing', async () => {
    const app = await buildTestApp({ SALES_TAX_RATE: '0.05' });
    try {
      const shown = (await app.inject('/api/shop')).json<{ salesTaxRate: number }>().salesTaxRate;
      expect(shown).toBe(0.05);
      const tee = await createProduct(app.db, { name: 'Logo Tee', priceCents: 2500 });
      const cookie = await signInAs(app, await createUser(app.db, { name: 'Casey Customer' }));
      const response = await app.inject({
        method: 'POST',
        url: '/api/payment/create-payment-intent',
        headers: { cookie },
        payload: { products: [{ _id: tee.id, size: 'Medium', quantity: 2 }] },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<PaymentIntent>()).toMatchObject({ subtotal: 5000, salesTax: 250, total: 5250 });
    } finally {
      await app.close();
    }
  });
});
