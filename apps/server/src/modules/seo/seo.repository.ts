import { type Executor, schema } from '@barbershop/db';
import { and, asc, eq, isNull } from 'drizzle-orm';

/** Slugs and last changes of the products a visitor can open: published, not archived, not deleted. */
export async function listListedProducts(db: Executor) {
  const p = schema.products;
  return db
    .select({ slug: p.slug, updatedAt: p.updatedAt })
    .from(p)
    .where(and(eq(p.published, true), eq(p.archived, false), isNull(p.deletedAt)))
    .orderBy(asc(p.slug));
}
