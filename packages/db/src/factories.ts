/**
 * One set of factories for the seed, the API tests and the end-to-end tests (STYLE.md 11): each
 * inserts one row with sensible, unique defaults, takes overrides, and returns what it inserted.
 */
import { randomUUID } from 'node:crypto';
import {
  type Category,
  type ItemStatus,
  type OpeningHours,
  type OrderStatus,
  SIZES,
  type Size,
  slugify,
} from '@barbershop/contract';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from './client.ts';
import {
  barberServices,
  barbers,
  orderLines,
  orderLog,
  orders,
  productImages,
  productItems,
  productStock,
  products,
  type ShippingSnapshot,
  users,
} from './schema/index.ts';

export type UserRow = typeof users.$inferSelect;
export type BarberRow = typeof barbers.$inferSelect;
export type BarberServiceRow = typeof barberServices.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type ProductItemRow = typeof productItems.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type OrderLogRow = typeof orderLog.$inferSelect;

export type BarberFixture = BarberRow & { services: BarberServiceRow[] };
export type ProductFixture = ProductRow & { imageKeys: string[]; stock: Partial<Record<Size, number>> };
export type OrderFixture = OrderRow & { lines: OrderLineRow[]; items: ProductItemRow[]; log: OrderLogRow[] };

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
      address: '2150 N Academy Blvd, Suite 104, Colorado Springs, CO 80909',
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

export type OrderLineInput = {
  product: Pick<ProductRow, 'id' | 'name' | 'priceCents'>;
  size: Size;
  quantity: number;
};

export type OrderInput = {
  userId: string;
  status?: OrderStatus;
  lines: OrderLineInput[];
  deliveryMethod?: 'pickup' | 'delivery';
  salesTaxRate?: number;
  shipping?: ShippingSnapshot;
  createdAt?: Date;
  /** Who moved the order along its statuses, for the log. */
  actorUserId?: string | null;
};

// The statuses an order passes through after payment, by delivery method (DESIGN.md section 6).
const PATHS = {
  pickup: ['processing', 'ready', 'delivered'],
  delivery: ['processing', 'shipped', 'delivered'],
} as const satisfies Record<string, OrderStatus[]>;

/**
 * Inserts an order as the checkout would have left it: lines snapshot the product's name, first
 * image and price; a paid order (any status but pending and canceled) also gets one item per unit
 * owned by the buyer and a log from 'Payment received' through each status change. Stock is not
 * touched, so tests set it explicitly.
 */
export async function createOrder(db: Executor, input: OrderInput): Promise<OrderFixture> {
  const status = input.status ?? 'processing';
  const deliveryMethod = input.deliveryMethod ?? 'pickup';
  const createdAt = input.createdAt ?? new Date();
  const subtotal = input.lines.reduce((sum, line) => sum + line.product.priceCents * line.quantity, 0);
  const salesTax = Math.round(subtotal * (input.salesTaxRate ?? 0));
  const shipping = input.shipping ?? { name: 'Pickup', cost: 0, address: null };
  const [row] = await db
    .insert(orders)
    .values({
      userId: input.userId,
      status,
      deliveryMethod,
      subtotal,
      salesTax,
      shippingCost: shipping.cost,
      total: subtotal + salesTax + shipping.cost,
      shipping,
      paymentProvider: 'demo',
      paymentId: `demo_${randomUUID()}`,
      expiresAt: status === 'pending' ? new Date(createdAt.getTime() + 30 * 60_000) : null,
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  const order = row!;

  const lineValues = [];
  for (const line of input.lines) {
    const [image] = await db
      .select({ key: productImages.mediaKey })
      .from(productImages)
      .where(eq(productImages.productId, line.product.id))
      .orderBy(asc(productImages.position))
      .limit(1);
    lineValues.push({
      orderId: order.id,
      productId: line.product.id,
      name: line.product.name,
      image: image?.key ?? '',
      size: line.size,
      unitPrice: line.product.priceCents,
      quantity: line.quantity,
    });
  }
  const lines = lineValues.length ? await db.insert(orderLines).values(lineValues).returning() : [];

  if (status === 'pending' || status === 'canceled') return { ...order, lines, items: [], log: [] };

  const itemStatus: ItemStatus = status === 'processing' ? 'printing' : 'ready';
  const itemValues = input.lines.flatMap((line) =>
    Array.from({ length: line.quantity }, () => ({
      productId: line.product.id,
      size: line.size,
      status: itemStatus,
      ownerUserId: input.userId,
      orderId: order.id,
      createdAt,
    })),
  );
  const items = itemValues.length ? await db.insert(productItems).values(itemValues).returning() : [];

  const path: readonly OrderStatus[] = PATHS[deliveryMethod];
  const steps = path.slice(0, Math.max(1, path.indexOf(status) + 1));
  // Status changes follow a day apart, but never later than now.
  const gap = Math.min(86_400_000, Math.max(0, Date.now() - createdAt.getTime()) / steps.length);
  const logValues: (typeof orderLog.$inferInsert)[] = [
    { orderId: order.id, at: createdAt, actorUserId: null, message: 'Payment received' },
  ];
  steps.slice(1).forEach((to, i) => {
    logValues.push({
      orderId: order.id,
      at: new Date(createdAt.getTime() + (i + 1) * gap),
      actorUserId: input.actorUserId ?? null,
      message: `Order status updated from ${steps[i]} to ${to}`,
    });
  });
  const log = await db.insert(orderLog).values(logValues).returning();
  return { ...order, lines, items, log };
}
