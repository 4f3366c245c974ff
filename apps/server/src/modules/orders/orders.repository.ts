import { FINISHED_STATUSES } from '@barbershop/contract/order-rules';
import { type Executor, schema } from '@barbershop/db';
import { and, asc, desc, eq, isNotNull, notInArray, or, sql } from 'drizzle-orm';
import { onSale } from '../catalog/catalog.repository.ts';

const { orders, orderLines, orderLog, productItems, products, users } = schema;

/** One user's orders, newest first. */
export async function listOrdersOfUser(db: Executor, userId: string) {
  return db
    .select({ id: orders.id, total: orders.total, status: orders.status, createdAt: orders.createdAt })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), asc(orders.id));
}

/**
 * How many of a user's orders the shop still has business with: not yet handed over or canceled (a
 * checkout under way included), or waiting for staff (a failed refund to pay back, a dispute).
 */
export async function countOpenOrdersOf(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        or(notInArray(orders.status, [...FINISHED_STATUSES]), isNotNull(orders.attentionSince)),
      ),
    );
  return row?.count ?? 0;
}

/** An order with its customer, or null. */
export async function findOrderWithCustomer(db: Executor, id: string) {
  const [row] = await db
    .select({ order: orders, customer: { id: users.id, name: users.name, email: users.email } })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, id));
  return row ?? null;
}

/**
 * An order's lines by name and size (lines keep no position), with the product's current slug for
 * links and whether it is still in the store (otherwise its page answers 404).
 */
export async function listOrderLines(db: Executor, orderId: string) {
  return db
    .select({ line: orderLines, slug: products.slug, inStore: sql<boolean>`${onSale}` })
    .from(orderLines)
    .innerJoin(products, eq(products.id, orderLines.productId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.name), asc(orderLines.size), asc(orderLines.id));
}

export async function listOrderItems(db: Executor, orderId: string) {
  return db
    .select()
    .from(productItems)
    .where(eq(productItems.orderId, orderId))
    .orderBy(asc(productItems.createdAt), asc(productItems.id));
}

/** The order's history, oldest first, with the name of whoever made each change. */
export async function listOrderLog(db: Executor, orderId: string) {
  return db
    .select({ at: orderLog.at, message: orderLog.message, actor: users.name })
    .from(orderLog)
    .leftJoin(users, eq(users.id, orderLog.actorUserId))
    .where(eq(orderLog.orderId, orderId))
    .orderBy(asc(orderLog.at), asc(orderLog.id));
}
