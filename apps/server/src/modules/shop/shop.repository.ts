import { type Executor, schema } from '@barbershop/db';
import { eq } from 'drizzle-orm';

export async function findShop(db: Executor) {
  const [row] = await db.select().from(schema.shop).where(eq(schema.shop.id, 1));
  return row ?? null;
}
