import { type Executor, schema } from '@barbershop/db';
import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, sql } from 'drizzle-orm';

const {
  failedRefunds,
  orders,
  orderLines,
  orderLog,
  productItems,
  productImages,
  productStock,
  products,
  shop,
  users,
} = schema;

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type ProductItemRow = typeof productItems.$inferSelect;
export type OrderLogRow = typeof orderLog.$inferSelect;

/**
 * Holds the user's row until the transaction ends: one checkout per customer at a time. Null when
 * there is no such user; `leased` while one of their checkouts holds a lease (takeCheckoutLease).
 */
export async function lockUser(tx: Executor, userId: string): Promise<{ leased: boolean } | null> {
  // Not FOR UPDATE: that would also block the key-share lock a payment's new items take on the user
  // (their owner's foreign key), and a checkout and a payment of one customer would deadlock.
  const [row] = await tx
    .select({ leased: sql<boolean>`coalesce(${users.checkoutLeaseUntil} > now(), false)` })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  return row ?? null;
}

/**
 * Leases the customer's checkout for `leaseMs` by the database's clock, their row locked (lockUser);
 * answers the lease's end, to release it by.
 */
export async function takeCheckoutLease(tx: Executor, userId: string, leaseMs: number): Promise<Date> {
  const [row] = await tx
    .update(users)
    .set({
      // Whole milliseconds: the value comes back as a JavaScript date, and must match when handed back.
      checkoutLeaseUntil: sql`date_trunc('milliseconds', now()) + ${leaseMs} * interval '1 millisecond'`,
    })
    .where(eq(users.id, userId))
    .returning({ until: users.checkoutLeaseUntil });
  return row!.until!;
}

/** Ends the customer's checkout lease if it is still `lease`; whether it was. */
export async function releaseCheckoutLease(db: Executor, userId: string, lease: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ checkoutLeaseUntil: null })
    .where(and(eq(users.id, userId), eq(users.checkoutLeaseUntil, lease)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** The customer's newest pending order, locked unless only looked at (outside a transaction). */
export async function findPendingOrderOfUser(
  tx: Executor,
  userId: string,
  { lock = true } = {},
): Promise<OrderRow | null> {
  const query = tx
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'pending')))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** An order, locked until the transaction ends; with `skipLocked`, null when another holds it. */
export async function lockOrder(
  tx: Executor,
  orderId: string,
  options: { skipLocked?: boolean } = {},
): Promise<OrderRow | null> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update', options.skipLocked ? { skipLocked: true } : {});
  return row ?? null;
}

/** The order a payment was made for, locked until the transaction ends; null when none was. */
export async function lockOrderOfPayment(
  tx: Executor,
  provider: string,
  paymentId: string,
): Promise<OrderRow | null> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.paymentProvider, provider), eq(orders.paymentId, paymentId)))
    .for('update');
  return row ?? null;
}

export async function findOrder(db: Executor, orderId: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row ?? null;
}

export async function insertOrder(tx: Executor, values: typeof orders.$inferInsert): Promise<OrderRow> {
  const [row] = await tx.insert(orders).values(values).returning();
  return row!;
}

export async function updateOrder(
  tx: Executor,
  orderId: string,
  changes: Partial<typeof orders.$inferInsert>,
): Promise<OrderRow> {
  const [row] = await tx.update(orders).set(changes).where(eq(orders.id, orderId)).returning();
  return row!;
}

export async function listLinesOfOrder(db: Executor, orderId: string): Promise<OrderLineRow[]> {
  return db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.name), asc(orderLines.size), asc(orderLines.id));
}

export async function deleteLinesOfOrder(tx: Executor, orderId: string): Promise<void> {
  await tx.delete(orderLines).where(eq(orderLines.orderId, orderId));
}

export async function insertOrderLines(
  tx: Executor,
  values: (typeof orderLines.$inferInsert)[],
): Promise<OrderLineRow[]> {
  return values.length ? tx.insert(orderLines).values(values).returning() : [];
}

/** Products by id, live or not, with their first image key: the service decides what may be sold. */
export async function findProductsWithImage(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      product: products,
      imageKey: sql<string | null>`(
        select ${productImages.mediaKey} from ${productImages}
        where ${productImages.productId} = ${products.id}
        order by ${productImages.position} limit 1
      )`,
    })
    .from(products)
    .where(inArray(products.id, ids));
}

/** The sizes these products are offered in, with units on hand. */
export async function listStockOf(db: Executor, productIds: string[]) {
  if (productIds.length === 0) return [];
  return db.select().from(productStock).where(inArray(productStock.productId, productIds));
}

/**
 * Units of these products that checkouts hold: the lines of pending orders, reserved when the
 * customer pressed Pay and not yet paid for or returned by the expiry sweep. Per product and size.
 */
export async function listReservedStock(db: Executor, productIds: string[]) {
  if (productIds.length === 0) return [];
  return db
    .select({
      productId: orderLines.productId,
      size: orderLines.size,
      quantity: sql<number>`sum(${orderLines.quantity})::int`,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orders.status, 'pending'), inArray(orderLines.productId, productIds)))
    .groupBy(orderLines.productId, orderLines.size);
}

/** Units of one size on hand now (0 when the size has no stock row). */
export async function stockQuantity(tx: Executor, productId: string, size: string): Promise<number> {
  const [row] = await tx
    .select({ quantity: productStock.quantity })
    .from(productStock)
    .where(and(eq(productStock.productId, productId), eq(productStock.size, size)));
  return row?.quantity ?? 0;
}

/** Takes `quantity` units only if that many are on hand: the oversell guard. True when taken. */
export async function takeStock(tx: Executor, productId: string, size: string, quantity: number) {
  const rows = await tx
    .update(productStock)
    .set({ quantity: sql`${productStock.quantity} - ${quantity}` })
    .where(
      and(
        eq(productStock.productId, productId),
        eq(productStock.size, size),
        sql`${productStock.quantity} >= ${quantity}`,
      ),
    )
    .returning({ quantity: productStock.quantity });
  return rows.length > 0;
}

/**
 * Puts units back on hand. A size staff stopped offering while an order held some of it stays
 * off sale: its units are not put back (they would bring the size back into the store).
 */
export async function returnStock(tx: Executor, productId: string, size: string, quantity: number) {
  await tx
    .update(productStock)
    .set({ quantity: sql`${productStock.quantity} + ${quantity}` })
    .where(and(eq(productStock.productId, productId), eq(productStock.size, size)));
}

export async function insertItems(
  tx: Executor,
  values: (typeof productItems.$inferInsert)[],
): Promise<ProductItemRow[]> {
  return values.length ? tx.insert(productItems).values(values).returning() : [];
}

export async function listItemsOfOrder(db: Executor, orderId: string): Promise<ProductItemRow[]> {
  return db
    .select()
    .from(productItems)
    .where(eq(productItems.orderId, orderId))
    .orderBy(asc(productItems.createdAt), asc(productItems.id));
}

/** Marks the order's items still printing as ready. */
export async function setItemsOfOrderReady(tx: Executor, orderId: string): Promise<void> {
  await tx
    .update(productItems)
    .set({ status: 'ready' })
    .where(and(eq(productItems.orderId, orderId), eq(productItems.status, 'printing')));
}

export async function insertLog(tx: Executor, values: typeof orderLog.$inferInsert): Promise<OrderLogRow> {
  const [row] = await tx.insert(orderLog).values(values).returning();
  return row!;
}

/** Records a refund of the order's payment that failed; false when it was recorded before (another event of it). */
export async function insertFailedRefund(
  tx: Executor,
  values: typeof failedRefunds.$inferInsert,
): Promise<boolean> {
  const rows = await tx
    .insert(failedRefunds)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: failedRefunds.id });
  return rows.length > 0;
}

/**
 * Cents of the order's failed refunds that a refund figure counted at `at` still includes: made by
 * then, failed after.
 */
export async function failedRefundsCountedAt(tx: Executor, orderId: string, at: Date): Promise<number> {
  const [row] = await tx
    .select({ cents: sql<number>`coalesce(sum(${failedRefunds.amount}), 0)::int` })
    .from(failedRefunds)
    .where(
      and(eq(failedRefunds.orderId, orderId), lte(failedRefunds.madeAt, at), gt(failedRefunds.failedAt, at)),
    );
  return row?.cents ?? 0;
}

/**
 * Marks the order's failed refunds not yet settled as settled at `at`; answers their cents, or null
 * when there were none.
 */
export async function settleFailedRefunds(tx: Executor, orderId: string, at: Date): Promise<number | null> {
  const rows = await tx
    .update(failedRefunds)
    .set({ settledAt: at })
    .where(and(eq(failedRefunds.orderId, orderId), isNull(failedRefunds.settledAt)))
    .returning({ amount: failedRefunds.amount });
  return rows.length ? rows.reduce((sum, row) => sum + row.amount, 0) : null;
}

/** Whether a refund of the order failed and nobody has said the customer was paid back. */
export async function hasUnsettledFailedRefunds(db: Executor, orderId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: failedRefunds.id })
    .from(failedRefunds)
    .where(and(eq(failedRefunds.orderId, orderId), isNull(failedRefunds.settledAt)))
    .limit(1);
  return !!row;
}

export async function listLogOfOrder(db: Executor, orderId: string): Promise<OrderLogRow[]> {
  return db
    .select()
    .from(orderLog)
    .where(eq(orderLog.orderId, orderId))
    .orderBy(asc(orderLog.at), asc(orderLog.id));
}

/** Pending orders whose reservation ended before `at`, oldest first. */
export async function listExpiredPendingOrders(db: Executor, at: Date, limit: number) {
  return db
    .select({ id: orders.id, paymentProvider: orders.paymentProvider, paymentId: orders.paymentId })
    .from(orders)
    .where(and(eq(orders.status, 'pending'), lt(orders.expiresAt, at)))
    .orderBy(asc(orders.expiresAt))
    .limit(limit);
}

/** The customer and the shop, for the emails an order sends. */
export async function findOrderParties(db: Executor, userId: string) {
  const [customer] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  const [settings] = await db
    .select({
      name: shop.name,
      phone: shop.phone,
      email: shop.email,
      address: shop.address,
      hours: shop.hours,
    })
    .from(shop)
    .where(eq(shop.id, 1));
  return { customer: customer ?? null, shop: settings ?? null };
}

/**
 * The shop's sales tax rate; before an admin first saves the shop's settings, `configured`
 * (SALES_TAX_RATE), which is also what the public pages show until then.
 */
export async function findSalesTaxRate(db: Executor, configured: number): Promise<number> {
  const [row] = await db.select({ rate: shop.salesTaxRate }).from(shop).where(eq(shop.id, 1));
  return row?.rate ?? configured;
}
