import { type Executor, schema } from '@barbershop/db';
import { and, desc, eq, gte, inArray, isNotNull, lte, notInArray, sql } from 'drizzle-orm';
import { onSale } from '../catalog/catalog.repository.ts';

const { orders, users, products, productStock } = schema;

/** Statuses of orders not paid (yet): they earn nothing. */
const UNPAID = ['pending', 'canceled'];

/**
 * Revenue (cents, net of refunds made in the payment provider's dashboard, of money paid back
 * another way after one failed, and of disputes lost) and count of paid orders per day in `timeZone` since `from`, as
 * 'YYYY-MM-DD'. An order refunded and then lost to a dispute as well counts below nothing: the shop
 * paid it back twice, as the CSV's columns say.
 */
export async function paidOrdersByDay(db: Executor, from: Date, timeZone: string) {
  const day = sql<string>`to_char(${orders.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  // Grouped by position: the zone is a parameter, and a GROUP BY of its own copy would be another
  // one, which PostgreSQL cannot tell is the selected expression.
  return db
    .select({
      date: day,
      revenue: sql<number>`coalesce(sum(${orders.total} - ${orders.refunded} - ${orders.paidBack} - ${orders.chargedBack}), 0)::int`,
      orders: sql<number>`count(*)::int`,
    })
    .from(orders)
    .where(and(notInArray(orders.status, UNPAID), gte(orders.createdAt, from)))
    .groupBy(sql`1`);
}

/** How many orders sit in each of the given statuses. */
export async function countByStatus(db: Executor, statuses: string[]) {
  return db
    .select({ status: orders.status, count: sql<number>`count(*)::int` })
    .from(orders)
    .where(inArray(orders.status, statuses))
    .groupBy(orders.status);
}

/** How many orders someone at the shop must act on (OrderView's `needsAttention`). */
export async function countNeedingAttention(db: Executor): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(isNotNull(orders.attentionSince));
  return row?.count ?? 0;
}

/** Sizes of products on sale (published, not archived, not deleted) with `threshold` units or fewer. */
export async function lowStock(db: Executor, threshold: number) {
  return db
    .select({
      productId: products.id,
      name: products.name,
      slug: products.slug,
      size: productStock.size,
      quantity: productStock.quantity,
    })
    .from(productStock)
    .innerJoin(products, eq(products.id, productStock.productId))
    .where(and(onSale, lte(productStock.quantity, threshold)))
    .orderBy(productStock.quantity, products.name, productStock.size);
}

/** The newest orders past checkout, with the customer's name. */
export async function recentOrders(db: Executor, limit: number) {
  return db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      status: orders.status,
      total: orders.total,
      customer: users.name,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(sql`${orders.status} <> 'pending'`)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}
