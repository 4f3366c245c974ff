import { type Executor, schema } from '@barbershop/db';
import { eq } from 'drizzle-orm';

export async function findShop(db: Executor) {
  const [row] = await db.select().from(schema.shop).where(eq(schema.shop.id, 1));
  return row ?? null;
}

export async function lockShop(tx: Executor) {
  const [row] = await tx.select().from(schema.shop).where(eq(schema.shop.id, 1)).for('update');
  return row ?? null;
}

export async function updateShopRow(tx: Executor, changes: Partial<typeof schema.shop.$inferInsert>) {
  const [row] = await tx.update(schema.shop).set(changes).where(eq(schema.shop.id, 1)).returning();
  return row!;
}
