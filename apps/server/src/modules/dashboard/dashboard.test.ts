import type { Overview } from '@barbershop/contract';
import { schema } from '@barbershop/db';
import { createProduct, createUser } from '@barbershop/db/factories';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, json, type TestApp } from '../../test/app.ts';
import { createOrder, failRefund, refundOrder } from '../../test/orders.ts';
import { signInAs } from '../../test/sessions.ts';
import { overview } from './dashboard.service.ts';

const DAY = 86_400_000;

describe('dashboard overview', () => {
  let app: TestApp;
  let staff: string;
  beforeEach(async () => {
    app = await buildTestApp();
    staff = await signInAs(app, await createUser(app.db, { accessLevel: 1 }));
  });
  afterEach(() => app.close());

  it('sums paid orders by day and period, counts work waiting, lists low stock and the latest orders', async () => {
    const now = new Date();
    // The start of today (UTC) is always today and never in the future, whenever the test runs.
    const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const daysAgo = (n: number) => new Date(today.getTime() - n * DAY + 3_600_000);
    const sold = await createProduct(
      app.db,
      { name: 'Ten Dollar Tee', priceCents: 1000 },
      { stock: { Medium: 100 } },
    );
    const tee = await createProduct(
      app.db,
      { name: 'Running Low Tee' },
      { stock: { Small: 2, Medium: 10, Large: 3 } },
    );
    await createProduct(
      app.db,
      { name: 'Draft Cap', published: false },
      { stock: { 'One Size Fits All': 0 } },
    );
    await createProduct(app.db, { name: 'Old Hoodie', archived: true }, { stock: { Small: 1 } });

    // A customer has one pending order at a time, so each order gets a buyer of its own.
    const order = async (
      status: Parameters<typeof createOrder>[1]['status'],
      quantity: number,
      createdAt: Date,
    ) =>
      createOrder(app.db, {
        userId: (await createUser(app.db, { name: 'Ada Buyer' })).id,
        status,
        createdAt,
        lines: [{ product: sold, size: 'Medium', quantity }],
      });
    const toPrint = await order('processing', 3, today);
    await order('ready', 2, today);
    const pending = await order('pending', 9, today);
    await order('canceled', 5, today);
    await order('delivered', 4, daysAgo(3));
    // Delivery is switched off at checkout; an order shipped before that still counts as waiting.
    const shipped = await order('processing', 1, daysAgo(3));
    await app.db
      .update(schema.orders)
      .set({ status: 'shipped', deliveryMethod: 'delivery' })
      .where(eq(schema.orders.id, shipped.id));
    await order('delivered', 7, daysAgo(10));
    // Its refund failed: someone must pay the customer back, which waits on the shop too.
    await failRefund(app.db, await order('delivered', 8, daysAgo(40)), 1000);

    const response = await app.inject({ url: '/api/dashboard/overview', headers: { cookie: staff } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const overview = json<Overview>(response);
    expect(overview.revenue).toEqual({
      today: { revenue: 5000, orders: 2 },
      last7Days: { revenue: 10_000, orders: 4 },
      last30Days: { revenue: 17_000, orders: 5 },
    });
    expect(overview.waiting).toEqual({ processing: 1, ready: 1, shipped: 1, attention: 1 });
    expect(overview.lowStock).toEqual({
      threshold: 3,
      sizes: [
        { productId: tee.id, name: 'Running Low Tee', slug: tee.slug, size: 'Small', quantity: 2 },
        { productId: tee.id, name: 'Running Low Tee', slug: tee.slug, size: 'Large', quantity: 3 },
      ],
    });
    expect(overview.recentOrders).toHaveLength(7);
    expect(overview.recentOrders.map((o) => o._id)).not.toContain(pending.id);
    expect(overview.recentOrders.find((o) => o._id === toPrint.id)).toEqual({
      _id: toPrint.id,
      date: today.toISOString(),
      status: 'processing',
      total: 3000,
      customer: 'Ada Buyer',
    });
    expect(overview.dailyRevenue).toHaveLength(30);
    expect(overview.dailyRevenue.at(-1)).toEqual({
      date: today.toISOString().slice(0, 10),
      revenue: 5000,
      orders: 2,
    });
    expect(overview.dailyRevenue.at(-4)).toEqual({
      date: daysAgo(3).toISOString().slice(0, 10),
      revenue: 5000,
      orders: 2,
    });
    expect(overview.dailyRevenue[0]?.date).toBe(
      new Date(today.getTime() - 29 * DAY).toISOString().slice(0, 10),
    );
    expect(overview.dailyRevenue.reduce((sum, day) => sum + day.revenue, 0)).toBe(17_000);
  });

  it("counts days from the shop's midnight, in its time zone, not UTC's", async () => {
    const product = await createProduct(app.db, { priceCents: 1000 }, { stock: { Medium: 100 } });
    const paid = async (quantity: number, createdAt: string) =>
      createOrder(app.db, {
        userId: (await createUser(app.db)).id,
        status: 'delivered',
        createdAt: new Date(createdAt),
        lines: [{ product, size: 'Medium', quantity }],
      });
    await paid(1, '2026-11-26T02:30:00Z'); // 7:30 PM on Nov 25 in Colorado Springs
    await paid(2, '2026-11-25T06:00:00Z'); // 11 PM on Nov 24
    await paid(4, '2026-10-27T07:30:00Z'); // 1:30 AM on Oct 27 (summer time), the first of the 30 days
    await paid(8, '2026-10-27T05:30:00Z'); // 11:30 PM on Oct 26: a day too early

    const denver = await overview(app.db, 'America/Denver', new Date('2026-11-26T04:00:00Z'));
    expect(denver.dailyRevenue.at(-1)).toEqual({ date: '2026-11-25', revenue: 1000, orders: 1 });
    expect(denver.dailyRevenue.at(-2)).toEqual({ date: '2026-11-24', revenue: 2000, orders: 1 });
    expect(denver.dailyRevenue[0]).toEqual({ date: '2026-10-27', revenue: 4000, orders: 1 });
    expect(denver.revenue.today).toEqual({ revenue: 1000, orders: 1 });
    expect(denver.revenue.last30Days).toEqual({ revenue: 7000, orders: 3 });

    // The same moment in UTC is already Nov 26, and the evening order is that day's.
    const utc = await overview(app.db, 'UTC', new Date('2026-11-26T04:00:00Z'));
    expect(utc.dailyRevenue.at(-1)).toEqual({ date: '2026-11-26', revenue: 1000, orders: 1 });
    expect(utc.dailyRevenue[0]?.date).toBe('2026-10-28');
    expect(utc.revenue.last30Days).toEqual({ revenue: 3000, orders: 2 });
  });

  it("counts revenue net of refunds made in the payment provider's dashboard", async () => {
    const product = await createProduct(app.db, { priceCents: 1000 }, { stock: { Medium: 100 } });
    const paid = async (quantity: number) =>
      createOrder(app.db, {
        userId: (await createUser(app.db)).id,
        status: 'processing',
        createdAt: new Date('2026-11-20T12:00:00Z'),
        lines: [{ product, size: 'Medium', quantity }],
      });
    const [kept, partly, inFull] = [await paid(1), await paid(3), await paid(2)];
    await refundOrder(app.db, partly, 1000);
    await refundOrder(app.db, inFull, 2000);

    // $10 kept, $30 less $10 refunded, $20 refunded in full: three orders paid, $30 earned.
    const { revenue } = await overview(app.db, 'UTC', new Date('2026-11-20T18:00:00Z'));
    expect([kept.total, partly.total, inFull.total]).toEqual([1000, 3000, 2000]);
    expect(revenue.today).toEqual({ revenue: 3000, orders: 3 });
  });

  it("answers with the configured shop's days", async () => {
    const zoned = await buildTestApp({ SHOP_TIME_ZONE: 'Pacific/Auckland' });
    try {
      const cookie = await signInAs(zoned, await createUser(zoned.db, { accessLevel: 1 }));
      // 8 PM on Nov 26 in UTC is already Nov 27 in Auckland: a route that ignored the setting shows Nov 26.
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T20:00:00Z') });
      const answer = json<Overview>(
        await zoned.inject({ url: '/api/dashboard/overview', headers: { cookie } }),
      );
      expect(answer.generatedAt).toBe('2026-11-26T20:00:00.000Z');
      expect(answer.dailyRevenue.at(-1)?.date).toBe('2026-11-27');
    } finally {
      vi.useRealTimers();
      await zoned.close();
    }
  });

  it('shows zeros for a shop without orders', async () => {
    const overview = json<Overview>(
      await app.inject({ url: '/api/dashboard/overview', headers: { cookie: staff } }),
    );
    expect(overview.revenue.last30Days).toEqual({ revenue: 0, orders: 0 });
    expect(overview.recentOrders).toEqual([]);
    expect(overview.dailyRevenue.every((day) => day.revenue === 0 && day.orders === 0)).toBe(true);
  });
});
