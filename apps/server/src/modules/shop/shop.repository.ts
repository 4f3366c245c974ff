import { type Executor, schema } from '@barbershop/db';
import { eq, sql } from 'drizzle-orm';

export async function findShop(db: Executor) {
  const [row] = await db.select().from(schema.shop).where(eq(schema.shop.id, 1));
  return row ?? null;
}

export async function lockShop(tx: Executor) {
  const [row] = await tx.select().from(schema.shop).where(eq(schema.shop.id, 1)).for('update');
  return row ?? null;
}

/** Applies changes and raises the version; the caller holds the row's lock. */
export async function updateShopRow(tx: Executor, changes: Partial<typeof schema.shop.$inferInsert>) {
  const [row] = await tx
    .update(schema.shop)
    .set({ ...changes, version: sql`${schema.shop.version} + 1` })
    .where(eq(schema.shop.id, 1))
    .returning();
  return row!;
}

/** The shop's one row, made from the defaults on a fresh install's first save. */
export async function insertShopRow(tx: Executor, values: Omit<typeof schema.shop.$inferInsert, 'id'>) {
  const [row] = await tx
    .insert(schema.shop)
    .values({ id: 1, ...values })
    .returning();
  return row!;
}
