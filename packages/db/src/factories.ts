/**
 * One set of factories for the seed, the API tests and the end-to-end tests (STYLE.md 11): each
 * inserts one row with sensible, unique defaults, takes overrides, and returns what it inserted.
 * Orders are not made here: they go through the server's order lifecycle (the seed is handed it).
 */
import { randomUUID } from 'node:crypto';
import { type Category, type OpeningHours, SIZES, type Size, slugify } from '@barbershop/contract';
import type { Executor } from './client.ts';
import {
  barberServices,
  barbers,
  productImages,
  productItems,
  productStock,
  products,
  users,
} from './schema/index.ts';
import { SHOP } from './seed/sample-data.ts';

export type UserRow = typeof users.$inferSelect;
export type BarberRow = typeof barbers.$inferSelect;
export type BarberServiceRow = typeof barberServices.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type ProductItemRow = typeof productItems.$inferSelect;

export type BarberFixture = BarberRow & { services: BarberServiceRow[] };
export type ProductFixture = ProductRow & { imageKeys: string[]; stock: Partial<Record<Size, number>> };

export type ServiceInput = { name: string; description?: string; priceCents: number; durationMin: number };

let counter = 0;
/** A suffix unique within the process and, thanks to the random part, across processes sharing a database. */
function unique(): string {
  counter += 1;
  return `${counter}-${randomUUID().slice(0, 6)}`;
}

const CLOTHING_SIZES = SIZES.filter((size) => size !== 'One Size Fits All');

/** Weekdays 9 to 5, Saturday morning, Sunday closed: a plausible week when a test does not care. */
export const DEFAULT_HOURS: OpeningHours = {
  monday: [['09:00', '17:00']],
  tuesday: [['09:00', '17:00']],
  wednesday: [['09:00', '17:00']],
  thursday: [['09:00', '17:00']],
  friday: [['09:00', '17:00']],
  saturday: [['10:00', '14:00']],
  sunday: [],
};

/** Inserts a user; by default a customer of the dev issuer, so the dev sign-in can act as them. */
export async function createUser(
  db: Executor,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<UserRow> {
  const id = unique();
  const email = overrides.email ?? `user-${id}@example.com`;
  const [row] = await db
    .insert(users)
    .values({
      oidcIssuer: 'dev',
      oidcSubject: email,
      email,
      emailVerified: true,
      name: `Test User ${id}`,
      accessLevel: 0,
      ...overrides,
    })
    .returning();
  return row!;
}

/** Inserts a barber and their services; the slug follows the name unless given. */
export async function createBarber(
  db: Executor,
  overrides: Partial<typeof barbers.$inferInsert> = {},
  services: ServiceInput[] = [
    {
      name: 'Classic Cut',
      description: 'Scissors and clippers, finished with a hot towel.',
      priceCents: 4500,
      durationMin: 45,
    },
    { name: 'Beard Trim', description: 'Shape, line-up and oil.', priceCents: 4000, durationMin: 40 },
  ],
): Promise<BarberFixture> {
  const id = unique();
  const name = overrides.name ?? `Test Barber ${id}`;
  const [row] = await db
    .insert(barbers)
    .values({
      name,
      slug: slugify(name),
      nickname: 'Shears',
      address: SHOP.address,
      lat: 38.8706,
      lng: -104.7603,
      phone: '7195550100',
      email: `barber-${id}@example.com`,
      about: 'A steady hand and a good listener.',
      hours: DEFAULT_HOURS,
      rating: 5,
      reviewCount: 136,
      ...overrides,
    })
    .returning();
  const barber = row!;
  const serviceRows = services.length
    ? await db
        .insert(barberServices)
        .values(
          services.map((service, position) => ({
            ...service,
            description: service.description ?? '',
            barberId: barber.id,
            position,
          })),
        )
        .returning()
    : [];
  return { ...barber, services: serviceRows };
}

/**
 * Inserts a published product with stock in every size of its category (10 each) unless told
 * otherwise; the slug follows the name. `stock` lists exactly the sizes offered.
 */
export async function createProduct(
  db: Executor,
  overrides: Partial<typeof products.$inferInsert> = {},
  options: { stock?: Partial<Record<Size, number>>; imageKeys?: string[] } = {},
): Promise<ProductFixture> {
  const name = overrides.name ?? `Test Product ${unique()}`;
  const category: Category = (overrides.category as Category | undefined) ?? 'Shirts';
  const [row] = await db
    .insert(products)
    .values({
      name,
      slug: slugify(name),
      description: 'Soft, durable and printed in the shop.',
      priceCents: 2500,
      category,
      published: true,
      ...overrides,
    })
    .returning();
  const product = row!;
  const stock =
    options.stock ??
    (category === 'Hats'
      ? { 'One Size Fits All': 10 }
      : Object.fromEntries(CLOTHING_SIZES.map((size) => [size, 10])));
  const stockRows = Object.entries(stock).map(([size, quantity]) => ({
    productId: product.id,
    size,
    quantity,
  }));
  if (stockRows.length) await db.insert(productStock).values(stockRows);
  const imageKeys = options.imageKeys ?? [];
  if (imageKeys.length) {
    await db
      .insert(productImages)
      .values(imageKeys.map((mediaKey, position) => ({ productId: product.id, position, mediaKey })));
  }
  return { ...product, imageKeys, stock };
}

/** Inserts one physical item, e.g. a walk-in sale ('owned' or '' owner label, no account). */
export async function createItem(
  db: Executor,
  values: { productId: string; size: Size } & Partial<typeof productItems.$inferInsert>,
): Promise<ProductItemRow> {
  const [row] = await db.insert(productItems).values(values).returning();
  return row!;
}
