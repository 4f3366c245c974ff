import { ORDER_STATUSES } from '@barbershop/contract';
import { type DatabaseHandle, schema } from '@barbershop/db';
import { createUser } from '@barbershop/db/factories';
import { PRODUCTS } from '@barbershop/db/sample-data';
import { existingData, seed } from '@barbershop/db/seed';
import { openTestDatabase } from '@barbershop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrder } from '../modules/orders/order-lifecycle.ts';

const {
  barberServices,
  barbers,
  orderLines,
  orderLog,
  orders,
  productImages,
  productItems,
  productStock,
  products,
  shop,
  users,
} = schema;

describe('seed', () => {
  let handle: DatabaseHandle;
  let stored = 0;
  const storeImage = async (png: Buffer) => {
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    stored += 1;
    return `images/test-${stored}`;
  };

  beforeAll(async () => {
    handle = await openTestDatabase();
    expect(await existingData(handle.db)).toEqual([]);
    await seed(handle.db, { storeImage, placeOrder });
  }, 120_000);

  afterAll(async () => {
    await handle?.close();
  });

  it('creates the shop with a pickup suite in Colorado and its policies', async () => {
    const [row] = await handle.db.select().from(shop);
    expect(row?.address.line2).toContain('Suite');
    expect(row?.address.state).toBe('CO');
    expect(row?.phone).toMatch(/^\d{10}$/);
    expect(row?.socialLinks.map((link) => link.label)).toEqual(['Instagram', 'Facebook']);
    const policies = row?.policies.join(' ') ?? '';
    for (const phrase of ['$20', '2 or 3 hours', 'Venmo', 'Apple Pay', '$75', '$10', '3 friends']) {
      expect(policies).toContain(phrase);
    }
    expect(await existingData(handle.db)).toEqual([
      '3 users',
      `${PRODUCTS.length} products`,
      '3 orders',
      "the shop's settings",
    ]);
  });

  it('creates six barbers at the shop, with a photo, six gallery images and four to six services', async () => {
    const [settings] = await handle.db.select().from(shop);
    const rows = await handle.db.select().from(barbers);
    const services = await handle.db.select().from(barberServices);
    expect(rows).toHaveLength(6);
    expect(rows.map((b) => b.position).sort()).toEqual([0, 1, 2, 3, 4, 5]);
    for (const barber of rows) {
      expect(barber.address).toEqual(settings?.address);
      expect(barber.photo).toBeTruthy();
      expect(barber.gallery).toHaveLength(6);
      expect(barber.rating).toBe(5);
      expect(barber.reviewCount).toBe(136);
      expect(barber.instagramUrl).toMatch(/^https:\/\/www\.instagram\.com\//);
      expect(barber.bookingUrl).toMatch(/^https:\/\/booksy\.com\/en-us\//);
      expect(Object.values(barber.hours).some((day) => day.length === 0)).toBe(true);
      const own = services.filter((s) => s.barberId === barber.id);
      expect(own.length).toBeGreaterThanOrEqual(4);
      expect(own.length).toBeLessThanOrEqual(6);
      for (const service of own) {
        expect(service.priceCents).toBeGreaterThanOrEqual(4000);
        expect(service.priceCents).toBeLessThanOrEqual(7000);
        expect(service.durationMin).toBeGreaterThanOrEqual(40);
        expect(service.durationMin).toBeLessThanOrEqual(60);
      }
    }
    expect(rows.some((b) => Object.values(b.hours).some((day) => day.length > 1))).toBe(true);
  });

  it('creates the merchandise: all categories, one draft, one archived, a sold-out size', async () => {
    const rows = await handle.db.select().from(products);
    const images = await handle.db.select().from(productImages);
    const stock = await handle.db.select().from(productStock);
    expect(rows.length).toBeGreaterThanOrEqual(9);
    expect(new Set(rows.map((p) => p.category))).toEqual(new Set(['Hats', 'Shirts', 'Hoodies']));
    expect(rows.filter((p) => !p.published)).toHaveLength(1);
    expect(rows.filter((p) => p.archived)).toHaveLength(1);
    for (const product of rows) {
      const count = images.filter((image) => image.productId === product.id).length;
      expect(count).toBeGreaterThanOrEqual(2);
      expect(count).toBeLessThanOrEqual(3);
      expect(product.priceCents % 100).toBe(0);
    }
    const live = new Set(rows.filter((p) => p.published && !p.archived).map((p) => p.id));
    expect(stock.some((s) => live.has(s.productId) && s.quantity === 0)).toBe(true);
  });

  it('creates the demo accounts, one per role', async () => {
    const rows = await handle.db.select().from(users);
    expect(rows.map((u) => [u.email, u.accessLevel, u.oidcIssuer, u.oidcSubject]).sort()).toEqual([
      ['alex@example.com', 2, 'dev', 'alex@example.com'],
      ['casey@example.com', 0, 'dev', 'casey@example.com'],
      ['sam@example.com', 1, 'dev', 'sam@example.com'],
    ]);
  });

  it("creates the customer's orders in several statuses, with lines, items and a log", async () => {
    const rows = await handle.db.select().from(orders);
    const lines = await handle.db.select().from(orderLines);
    const items = await handle.db.select().from(productItems);
    const log = await handle.db.select().from(orderLog);
    expect(new Set(rows.map((o) => o.status)).size).toBeGreaterThanOrEqual(3);
    for (const order of rows) {
      expect(ORDER_STATUSES).toContain(order.status);
      const own = lines.filter((l) => l.orderId === order.id);
      expect(own.length).toBeGreaterThan(0);
      expect(order.total).toBe(own.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0));
      const units = own.reduce((sum, l) => sum + l.quantity, 0);
      expect(items.filter((i) => i.orderId === order.id)).toHaveLength(units);
      expect(log.some((entry) => entry.orderId === order.id && entry.message === 'Payment received')).toBe(
        true,
      );
    }
    const walkIns = items.filter((i) => i.orderId === null);
    expect(walkIns.map((i) => i.ownerLabel).sort()).toEqual(['', 'owned']);
    expect(walkIns.every((i) => i.ownerUserId === null)).toBe(true);
  });

  it('stores every image it draws and does nothing the second time', async () => {
    const drawn = 6 * (1 + 6) + PRODUCTS.reduce((sum, p) => sum + p.views.length, 0);
    expect(stored).toBe(drawn);
    await seed(handle.db, { storeImage, placeOrder });
    expect(stored).toBe(drawn);
    expect(await handle.db.select().from(barbers)).toHaveLength(6);
  });
});

describe('seed on a shop that has begun', () => {
  it('adds nothing to a database whose owner has signed in but not saved the settings yet', async () => {
    const handle = await openTestDatabase();
    try {
      await createUser(handle.db, { email: 'owner@shop.example', accessLevel: 2 });
      expect(await existingData(handle.db)).toEqual(['1 user']);
      await seed(handle.db, {
        storeImage: () => Promise.reject(new Error('drew the sample shop')),
        placeOrder,
      });
      expect(await handle.db.$count(users)).toBe(1);
      expect(await handle.db.$count(products)).toBe(0);
      expect(await handle.db.$count(shop)).toBe(0);
    } finally {
      await handle.close();
    }
  });
});
