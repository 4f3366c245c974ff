import { type OrderStatus, searchFold } from '@barbershop/contract';
import { type Executor, type KeysetKey, likeLiteral, schema, searchFolded } from '@barbershop/db';
import { and, desc, eq, isNotNull, like, or, type SQL, sql } from 'drizzle-orm';

const { orders, users } = schema;

export type StaffOrderFilter = {
  status?: OrderStatus;
  q?: string;
  /** Only orders someone at the shop must act on. */
  needsAttention?: boolean;
  after?: KeysetKey;
  limit: number;
};

function conditions(filter: StaffOrderFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.status) parts.push(eq(orders.status, filter.status));
  if (filter.needsAttention) parts.push(isNotNull(orders.attentionSince));
  if (filter.q) {
    // A name or email read out on the phone comes without its accents, or with ones it lacks.
    const folded = searchFold(filter.q);
    parts.push(
      or(
        like(sql`${orders.id}::text`, `${likeLiteral(filter.q).toLowerCase()}%`),
        sql`strpos(${searchFolded(users.name)}, ${folded}) > 0`,
        sql`strpos(${searchFolded(users.email)}, ${folded}) > 0`,
      )!,
    );
  }
  // Row comparison walks the (created_at, id) index backwards from the last row shown: page 2,000
  // costs what page 1 does, which OFFSET would not.
  if (filter.after) {
    parts.push(
      sql`(${orders.createdAt}, ${orders.id}) < (${filter.after.at}::timestamptz, ${filter.after.id}::uuid)`,
    );
  }
  return parts.length ? and(...parts) : undefined;
}

/** One page of every customer's orders, newest first, with the customer and the amounts in cents. */
export async function listOrdersPage(db: Executor, filter: StaffOrderFilter) {
  return db
    .select({
      id: orders.id,
      status: orders.status,
      deliveryMethod: orders.deliveryMethod,
      subtotal: orders.subtotal,
      salesTax: orders.salesTax,
      shippingCost: orders.shippingCost,
      total: orders.total,
      refunded: orders.refunded,
      paidBack: orders.paidBack,
      chargedBack: orders.chargedBack,
      needsAttention: sql<boolean>`${orders.attentionSince} is not null`,
      createdAt: orders.createdAt,
      // Microseconds included: a JavaScript Date would round them off and repeat or skip rows.
      createdAtExact: sql<string>`${orders.createdAt}::text`,
      customer: { id: users.id, name: users.name, email: users.email },
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(conditions(filter))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(filter.limit);
}

export type StaffOrderListRow = Awaited<ReturnType<typeof listOrdersPage>>[number];
