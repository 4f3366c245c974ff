/**
 * Fills an empty database with the sample shop: settings, six barbers, the merchandise, the demo
 * accounts and a few orders. Images are drawn here and handed to the server's media store.
 */
import { dollarsToCents, type OrderStatus, type Size, slugify } from '@barbershop/contract';
import type { Database, Executor } from '../client.ts';
import { createBarber, createItem, createProduct, createUser, type ProductFixture } from '../factories.ts';
import * as schema from '../schema/index.ts';
import { GALLERY_COUNT, renderBarberPortrait, renderGalleryImage, renderProductImage } from './art.ts';
import { DEMO_ACCOUNTS, DEMO_ISSUER } from './demo-accounts.ts';
import { BARBERS, PRODUCTS, SHOP } from './sample-data.ts';

export { DEMO_ACCOUNTS, DEMO_ISSUER } from './demo-accounts.ts';

/** A past order for the sample history, placed the way a checkout places one. */
export type SampleOrder = {
  userId: string;
  lines: { _id: string; size: Size; quantity: number }[];
  status: OrderStatus;
  createdAt: Date;
  actorUserId: string;
};

export type SeedDeps = {
  /** Stores a PNG (as WebP renditions) and returns its media key. */
  storeImage(png: Buffer): Promise<string>;
  /**
   * Places, pays and moves along an order through the server's order lifecycle, which this
   * package cannot import: the seed's orders follow the same rules as real ones.
   */
  placeOrder(db: Executor, order: SampleOrder): Promise<unknown>;
};

const DAY = 86_400_000;
// Rendering and encoding run on libuv's thread pool; two at a time keeps two cores busy.
const CONCURRENCY = 2;

/** Runs `fn` over `items` a few at a time, keeping the results in order, so keys are deterministic. */
async function mapConcurrent<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

const counted = (n: number, noun: string) => (n === 0 ? [] : [`${n} ${noun}${n === 1 ? '' : 's'}`]);

/**
 * What the database already holds of a shop, said for a person ("1 user", "the shop's settings"):
 * nothing only in an empty one, the only kind the sample shop goes into. Not the settings row alone:
 * a real shop's owner may have signed in and not saved them yet, and the sample's accounts include
 * an admin.
 */
export async function existingData(db: Executor): Promise<string[]> {
  const [userCount, productCount, orderCount, shopCount] = await Promise.all([
    db.$count(schema.users),
    db.$count(schema.products),
    db.$count(schema.orders),
    db.$count(schema.shop),
  ]);
  return [
    ...counted(userCount, 'user'),
    ...counted(productCount, 'product'),
    ...counted(orderCount, 'order'),
    ...(shopCount ? ["the shop's settings"] : []),
  ];
}

type Artwork = { portraits: string[]; galleries: string[][]; productImages: string[][] };

async function drawArtwork(storeImage: SeedDeps['storeImage']): Promise<Artwork> {
  type Job = () => Promise<Buffer>;
  const jobs: Job[] = [];
  BARBERS.forEach((barber, b) => {
    jobs.push(() => renderBarberPortrait(barber.look));
    for (let i = 0; i < GALLERY_COUNT; i++) jobs.push(() => renderGalleryImage(barber.look, i, b + 1));
  });
  for (const product of PRODUCTS) {
    for (const view of product.views) jobs.push(() => renderProductImage(product.look, view));
  }
  const keys = await mapConcurrent(jobs, CONCURRENCY, async (job) => storeImage(await job()));
  let at = 0;
  const take = (n: number) => {
    at += n;
    return keys.slice(at - n, at);
  };
  const portraits: string[] = [];
  const galleries: string[][] = [];
  for (const _ of BARBERS) {
    portraits.push(take(1)[0]!);
    galleries.push(take(GALLERY_COUNT));
  }
  return { portraits, galleries, productImages: PRODUCTS.map((p) => take(p.views.length)) };
}

async function insertCatalog(tx: Executor, art: Artwork): Promise<Map<string, ProductFixture>> {
  await tx.insert(schema.shop).values({ id: 1, ...SHOP });
  for (const [position, barber] of BARBERS.entries()) {
    await createBarber(
      tx,
      {
        name: barber.name,
        slug: slugify(barber.name),
        nickname: barber.nickname,
        photo: art.portraits[position],
        gallery: art.galleries[position],
        address: SHOP.address,
        // Each chair a few metres apart, so map pins at the shop do not sit exactly on top of each other.
        lat: SHOP.lat! + (position - 2.5) * 0.00008,
        lng: SHOP.lng! + (position % 2 ? 0.00006 : -0.00006),
        phone: barber.phone,
        email: barber.email,
        about: barber.about,
        instagramUrl: `https://www.instagram.com/${barber.instagram}`,
        bookingUrl: `https://booksy.com/en-us/${barber.booksyId}_gold-standard-barbershop-${slugify(barber.name)}_barber-shop_13717_colorado-springs`,
        hours: barber.hours,
        rating: 5,
        reviewCount: 136,
        position,
        active: true,
      },
      barber.services.map((s) => ({
        name: s.name,
        description: s.description,
        priceCents: dollarsToCents(s.price),
        durationMin: s.duration,
      })),
    );
  }
  const products = new Map<string, ProductFixture>();
  for (const [i, sample] of PRODUCTS.entries()) {
    const product = await createProduct(
      tx,
      {
        name: sample.name,
        description: sample.description,
        priceCents: dollarsToCents(sample.price),
        category: sample.category,
        published: sample.published,
        archived: sample.archived,
      },
      { stock: sample.stock, imageKeys: art.productImages[i] },
    );
    products.set(sample.name, product);
  }
  return products;
}

async function insertPeopleAndOrders(
  tx: Executor,
  products: Map<string, ProductFixture>,
  placeOrder: SeedDeps['placeOrder'],
): Promise<void> {
  const accounts = [];
  for (const account of DEMO_ACCOUNTS) {
    accounts.push(await createUser(tx, { ...account, oidcIssuer: DEMO_ISSUER, oidcSubject: account.email }));
  }
  const [customer, staff] = accounts;
  const product = (name: string) => {
    const found = products.get(name);
    if (!found) throw new Error(`Seed product missing: ${name}`);
    return found;
  };
  const line = (name: string, size: Size, quantity = 1) => ({ _id: product(name).id, size, quantity });
  const now = Date.now();
  const orders = [
    {
      status: 'delivered',
      days: 30,
      lines: [line('Gold Standard Beanie', 'One Size Fits All'), line('Straight Razor Tee', 'Large')],
    },
    { status: 'ready', days: 6, lines: [line('Logo Tee', 'Medium', 2)] },
    {
      status: 'processing',
      days: 2,
      lines: [line('Logo Hoodie', 'Large'), line('Classic Snapback', 'One Size Fits All')],
    },
  ] as const;
  for (const order of orders) {
    await placeOrder(tx, {
      userId: customer!.id,
      status: order.status,
      lines: [...order.lines],
      createdAt: new Date(now - order.days * DAY),
      actorUserId: staff!.id,
    });
  }
  // Walk-in sales: one kept for a customer without an account ('owned'), one not yet claimed ('').
  await createItem(tx, {
    productId: product('Logo Tee').id,
    size: 'Large',
    status: 'ready',
    ownerLabel: 'owned',
  });
  await createItem(tx, {
    productId: product('Classic Snapback').id,
    size: 'One Size Fits All',
    status: 'printing',
  });
}

/** Seeds an empty database with the sample shop; does nothing when it holds any of a shop's data. */
export async function seed(db: Database, deps: SeedDeps): Promise<void> {
  if ((await existingData(db)).length) return;
  // Images first, outside the transaction: a failure there leaves the database untouched.
  const art = await drawArtwork(deps.storeImage);
  await db.transaction(async (tx) => {
    const products = await insertCatalog(tx, art);
    await insertPeopleAndOrders(tx, products, deps.placeOrder);
  });
}
