import { type DatabaseHandle, openDatabase } from '@barbershop/db';
import { createBarber, createProduct } from '@barbershop/db/factories';
import { openTestDatabase } from '@barbershop/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createPublicCache } from './public-cache.ts';

type App = Awaited<ReturnType<typeof buildApp>>;
const names = async (app: App) =>
  (await app.inject('/api/barbers')).json().map((b: { name: string }) => b.name);

/**
 * Two server copies on one database, each with its own connections on PostgreSQL (one shared
 * embedded database on PGlite, which has a single process): a write made with plain SQL, outside
 * any route, reaches the other copy's answers as soon as its notification is in.
 */
describe('public reads cached in memory, emptied by the database', () => {
  let first: DatabaseHandle & { url?: string };
  let second: DatabaseHandle;
  let a: App;
  let b: App;

  beforeAll(async () => {
    first = await openTestDatabase();
    second = first.url ? await openDatabase({ url: first.url, dataDir: '' }) : first;
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '/tmp/barbershop-cache',
      SESSION_SECRET: 'c'.repeat(32),
    });
    a = await buildApp(config, { database: first, web: false, logger: false });
    b = await buildApp(config, { database: second, web: false, logger: false });
    await Promise.all([a.ready(), b.ready()]);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    if (second !== first) await second.close();
    await first.close();
  });

  it("answers from memory until a write to the barbers' tables, on either copy", async () => {
    await createBarber(first.db, { name: 'Ada Fade', position: 1 }, []);
    expect(await names(a)).toEqual(['Ada Fade']);
    expect(await names(b)).toEqual(['Ada Fade']);

    // A write with the triggers switched off goes unannounced: the copies answer from memory.
    await first.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update barbers set name = 'Ada Quiet'`);
    });
    await b.publicCache.sync();
    expect(await names(b)).toEqual(['Ada Fade']);

    await first.db.execute(sql`update barbers set name = 'Ada Taper'`);
    await b.publicCache.sync();
    expect(await names(b)).toEqual(['Ada Taper']);
    await a.publicCache.sync();
    expect(await names(a)).toEqual(['Ada Taper']);
  });

  it('sees a change made only in the services table', async () => {
    const barber = await createBarber(first.db, { name: 'Cy Shears', position: 2 });
    await b.publicCache.sync();
    const services = async () =>
      (await b.inject(`/api/barbers/${barber.id}`)).json().services.map((s: { price: number }) => s.price);
    const prices: number[] = await services();
    await second.db.execute(sql`update barber_services set price_cents = price_cents + 500`);
    await b.publicCache.sync();
    expect(await services()).toEqual(prices.map((price) => price + 5));
  });

  it("shows the catalogue's products, stock and images as another copy or plain SQL changes them", async () => {
    const product = await createProduct(first.db, { name: 'Cache Cap', category: 'Hats' });
    await a.publicCache.sync();
    const published = async () => (await a.inject('/api/products/published')).json();
    const onePage = async () => (await a.inject('/api/products/store/CACHE-cap')).json();
    expect((await published()).map((p: { name: string }) => p.name)).toContain('Cache Cap');
    expect((await onePage()).stock).toEqual([{ size: 'One Size Fits All', quantity: 10 }]);

    await second.db.execute(sql`update product_stock set quantity = 4 where product_id = ${product.id}`);
    await a.publicCache.sync();
    expect((await onePage()).stock).toEqual([{ size: 'One Size Fits All', quantity: 4 }]);

    await second.db.execute(
      sql`insert into product_images (product_id, position, media_key) values (${product.id}, 0, 'images/cap')`,
    );
    await a.publicCache.sync();
    expect((await onePage()).images[0].src).toContain('images/cap');

    await second.db.execute(sql`update products set published = false where id = ${product.id}`);
    await a.publicCache.sync();
    expect((await published()).map((p: { name: string }) => p.name)).not.toContain('Cache Cap');
    expect((await a.inject('/api/products/store/cache-cap')).statusCode).toBe(404);
  });

  it("shows the shop's settings saved by another copy", async () => {
    expect((await a.inject('/api/shop')).json().name).toBe('Barbershop');
    await second.db.execute(sql`
      insert into shop (id, name, phone, email, address)
      values (1, 'Sharp Corner', '555-0100', 'hi@example.com',
        '{"line1":"1 Main St","line2":"","city":"Town","state":"ST","postal_code":"00001","country":"US"}')`);
    await a.publicCache.sync();
    expect((await a.inject('/api/shop')).json().name).toBe('Sharp Corner');
  });
});

describe('the cache itself', () => {
  it('does not keep an answer loaded across a write to its tables, and reads through while not listening', async () => {
    const { handlers, cache } = createPublicCache();
    const reads = cache(async () => {});
    handlers.onLive(true);
    let release = () => {};
    const slow = reads.read('k', ['products'], () => new Promise<string>((r) => (release = () => r('old'))));
    handlers.onNotify('products');
    release();
    expect(await slow).toBe('old');
    expect(await reads.read('k', ['products'], async () => 'new')).toBe('new');
    expect(await reads.read('k', ['products'], async () => 'newer')).toBe('new');

    handlers.onNotify('shop');
    expect(await reads.read('k', ['products'], async () => 'unrelated')).toBe('new');

    handlers.onLive(false);
    expect(await reads.read('k', ['products'], async () => 'direct')).toBe('direct');
    expect(await reads.read('k', ['products'], async () => 'direct again')).toBe('direct again');
  });
});
