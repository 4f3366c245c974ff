import { type Executor, schema } from '@barbershop/db';
import { asc } from 'drizzle-orm';
import { onSale } from '../catalog/catalog.repository.ts';

/** Slugs and last changes of the products a visitor can open. */
export async function listListedProducts(db: Executor) {
  const p = schema.products;
  return db.select({ slug: p.slug, updatedAt: p.updatedAt }).from(p).where(onSale).orderBy(asc(p.slug));
}
