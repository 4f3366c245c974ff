import { type Executor, schema } from '@barbershop/db';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';

const { auditLog, products, productImages, productStock, productItems, users } = schema;

export type ProductRow = typeof products.$inferSelect;
export type StockRow = { productId: string; size: string; quantity: number };
export type ImageRow = { productId: string; position: number; mediaKey: string };

/** In the store: published, not archived, not deleted. The one rule for what a visitor can open. */
export const onSale = and(
  eq(products.published, true),
  eq(products.archived, false),
  isNull(products.deletedAt),
);

/** The products on sale, newest first (then by name, so a seeded batch reads alphabetically). */
export async function listOnSaleProducts(db: Executor): Promise<ProductRow[]> {
  return db.select().from(products).where(onSale).orderBy(desc(products.createdAt), asc(products.name));
}

/** The images of these products, in display order. */
export async function listProductImages(db: Executor, productIds: string[]): Promise<ImageRow[]> {
  if (productIds.length === 0) return [];
  return db
    .select({
      productId: productImages.productId,
      position: productImages.position,
      mediaKey: productImages.mediaKey,
    })
    .from(productImages)
    .where(inArray(productImages.productId, productIds))
    .orderBy(asc(productImages.productId), asc(productImages.position));
}

/** The stock rows of these products: one per size offered. */
export async function listProductStock(db: Executor, productIds: string[]): Promise<StockRow[]> {
  if (productIds.length === 0) return [];
  return db
    .select({ productId: productStock.productId, size: productStock.size, quantity: productStock.quantity })
    .from(productStock)
    .where(inArray(productStock.productId, productIds));
}

/**
 * The product whose address this slug was until a rename, the latest such (null when none): the audit
 * trail keeps every edit's slug before and after, so no table of old addresses is needed.
 */
export async function findProductRenamedFrom(db: Executor, slug: string): Promise<string | null> {
  const [row] = await db
    .select({ productId: auditLog.entityId })
    .from(auditLog)
    .where(
      and(
        // Written as the audit_log_product_renames index's condition is, literals and all, so the
        // planner takes the index.
        sql`${auditLog.entity} = 'product' and ${auditLog.action} = 'update'`,
        sql`${auditLog.before}->>'slug' = ${slug}`,
        sql`${auditLog.after}->>'slug' <> ${slug}`,
      ),
    )
    .orderBy(desc(auditLog.at))
    .limit(1);
  return row?.productId ?? null;
}

/** One item with its product (deleted or archived products too: owned items keep their page) and owner. */
export async function findItemWithProduct(db: Executor, itemId: string) {
  const [row] = await db
    .select({
      item: productItems,
      product: products,
      inStore: sql<boolean>`${onSale}`,
      ownerName: users.name,
    })
    .from(productItems)
    .innerJoin(products, eq(products.id, productItems.productId))
    .leftJoin(users, eq(users.id, productItems.ownerUserId))
    .where(eq(productItems.id, itemId));
  return row ?? null;
}
