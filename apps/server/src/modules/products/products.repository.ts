import type { Size } from '@barbershop/contract';
import { isUuid } from '@barbershop/contract/domain';
import { type Executor, schema } from '@barbershop/db';
import { and, asc, desc, eq, inArray, isNull, ne, notInArray, or, sql } from 'drizzle-orm';

const { products, productImages, productStock, productItems, users } = schema;

export type ProductRow = typeof products.$inferSelect;
export type ProductChanges = Partial<
  Pick<ProductRow, 'name' | 'slug' | 'description' | 'priceCents' | 'category' | 'published' | 'archived'>
>;

const live = isNull(products.deletedAt);

/** Every live product, newest first. */
export async function listLiveProducts(db: Executor): Promise<ProductRow[]> {
  return db.select().from(products).where(live).orderBy(desc(products.createdAt), asc(products.name));
}

/**
 * A live product by slug or exact name, case-insensitive (DESIGN.md section 7), or by its id: the
 * dashboard writes by id, so a page opened before someone renamed the product still finds it.
 */
export async function findLiveProduct(
  db: Executor,
  key: string,
  { lock = false } = {},
): Promise<ProductRow | null> {
  const lower = key.toLowerCase();
  const byName = or(eq(products.slug, lower), sql`lower(${products.name}) = ${lower}`);
  const query = db
    .select()
    .from(products)
    .where(and(live, isUuid(key) ? or(eq(products.id, key), byName) : byName))
    // An id names one product for good; a name only until it is changed.
    .orderBy(desc(sql`${products.id}::text = ${lower}`))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findLiveProductById(db: Executor, id: string, { lock = false } = {}) {
  const query = db
    .select()
    .from(products)
    .where(and(live, eq(products.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** True when another live product already has this name (case-insensitive) or slug. */
export async function nameTaken(
  db: Executor,
  name: string,
  slug: string,
  exceptId?: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        live,
        or(sql`lower(${products.name}) = ${name.toLowerCase()}`, eq(products.slug, slug)),
        exceptId ? ne(products.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Media keys of each product's images, in order. */
export async function imageKeysOf(db: Executor, ids: string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return map;
  const rows = await db
    .select()
    .from(productImages)
    .where(inArray(productImages.productId, ids))
    .orderBy(asc(productImages.position));
  for (const row of rows) map.get(row.productId)?.push(row.mediaKey);
  return map;
}

/** A product's items, newest first, with the owning customer's name. */
export async function itemsOf(db: Executor, productId: string) {
  return db
    .select({
      id: productItems.id,
      size: productItems.size,
      status: productItems.status,
      ownerUserId: productItems.ownerUserId,
      ownerLabel: productItems.ownerLabel,
      ownerName: users.name,
      orderId: productItems.orderId,
      createdAt: productItems.createdAt,
    })
    .from(productItems)
    .leftJoin(users, eq(users.id, productItems.ownerUserId))
    .where(eq(productItems.productId, productId))
    .orderBy(desc(productItems.createdAt), asc(productItems.id));
}
export type ItemRow = Awaited<ReturnType<typeof itemsOf>>[number];

export async function insertProduct(tx: Executor, values: typeof products.$inferInsert): Promise<ProductRow> {
  const [row] = await tx.insert(products).values(values).returning();
  return row!;
}

/** Applies changes and raises the version; the caller holds the row's lock. */
export async function updateProduct(tx: Executor, id: string, changes: ProductChanges): Promise<ProductRow> {
  const [row] = await tx
    .update(products)
    .set({ ...changes, version: sql`${products.version} + 1`, updatedAt: new Date() })
    .where(eq(products.id, id))
    .returning();
  return row!;
}

/** Changes flags (publish, archive, delete) without raising the version: an open edit stays valid. */
export async function setProductFlags(
  tx: Executor,
  id: string,
  flags: Partial<Pick<ProductRow, 'published' | 'archived' | 'deletedAt'>>,
): Promise<ProductRow> {
  const [row] = await tx
    .update(products)
    .set({ ...flags, updatedAt: new Date() })
    .where(eq(products.id, id))
    .returning();
  return row!;
}

export async function replaceImages(tx: Executor, productId: string, keys: string[]): Promise<void> {
  await tx.delete(productImages).where(eq(productImages.productId, productId));
  if (keys.length)
    await tx
      .insert(productImages)
      .values(keys.map((mediaKey, position) => ({ productId, position, mediaKey })));
}

/**
 * A product's counts per size, locked until the transaction ends: no checkout moves them meanwhile.
 * Locked size by size in byStockRow's order (orders/order-lifecycle.ts), as checkouts lock them.
 */
export async function lockStock(tx: Executor, productId: string): Promise<Partial<Record<Size, number>>> {
  const rows = await tx
    .select({ size: productStock.size, quantity: productStock.quantity })
    .from(productStock)
    .where(eq(productStock.productId, productId))
    .orderBy(sql`${productStock.size} collate "C"`)
    .for('update');
  return Object.fromEntries(rows.map((row) => [row.size, row.quantity]));
}

/**
 * Sets the sizes offered and their counts; a size left out is no longer offered. Rows are changed
 * in place, never deleted and inserted again: a stock move waiting on a row meanwhile (an order
 * returning units, a checkout taking them) then applies to the new count, where on PostgreSQL it
 * would find its row gone and do nothing.
 */
export async function replaceStock(
  tx: Executor,
  productId: string,
  sizes: Partial<Record<Size, number>>,
): Promise<void> {
  const offered = Object.keys(sizes);
  await tx
    .delete(productStock)
    .where(
      and(
        eq(productStock.productId, productId),
        offered.length ? notInArray(productStock.size, offered) : undefined,
      ),
    );
  const rows = Object.entries(sizes).map(([size, quantity]) => ({
    productId,
    size,
    quantity: quantity ?? 0,
  }));
  if (rows.length) {
    await tx
      .insert(productStock)
      .values(rows)
      .onConflictDoUpdate({
        target: [productStock.productId, productStock.size],
        set: { quantity: sql`excluded.quantity` },
      });
  }
}

export async function findItem(tx: Executor, productId: string, itemId: string) {
  const [row] = await tx
    .select()
    .from(productItems)
    .where(and(eq(productItems.productId, productId), eq(productItems.id, itemId)))
    .for('update');
  return row ?? null;
}

export async function updateItem(
  tx: Executor,
  itemId: string,
  changes: Partial<Pick<typeof productItems.$inferSelect, 'status' | 'ownerLabel'>>,
) {
  const [row] = await tx.update(productItems).set(changes).where(eq(productItems.id, itemId)).returning();
  return row!;
}

export async function insertItems(
  tx: Executor,
  productId: string,
  size: Size,
  count: number,
  ownerLabel: string,
) {
  return tx
    .insert(productItems)
    .values(Array.from({ length: count }, () => ({ productId, size, ownerLabel })))
    .returning();
}
