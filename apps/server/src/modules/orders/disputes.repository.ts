import { type Executor, schema } from '@barbershop/db';
import { and, desc, eq, inArray } from 'drizzle-orm';

const { disputes } = schema;

export type DisputeRow = typeof disputes.$inferSelect;

/** The dispute, locked until the transaction ends (its order is locked first); null when new. */
export async function lockDispute(tx: Executor, id: string): Promise<DisputeRow | null> {
  const [row] = await tx.select().from(disputes).where(eq(disputes.id, id)).for('update');
  return row ?? null;
}

export async function saveDispute(tx: Executor, row: DisputeRow): Promise<void> {
  const { id, ...changes } = row;
  await tx.insert(disputes).values(row).onConflictDoUpdate({ target: disputes.id, set: changes });
}

/** Whether a dispute of the order waits for the shop's answer (one of `statuses`). */
export async function hasDisputeIn(db: Executor, orderId: string, statuses: readonly string[]) {
  const [row] = await db
    .select({ id: disputes.id })
    .from(disputes)
    .where(and(eq(disputes.orderId, orderId), inArray(disputes.status, [...statuses])))
    .limit(1);
  return !!row;
}

/** The order's latest dispute; null when its payment was never disputed. */
export async function findLatestDispute(db: Executor, orderId: string): Promise<DisputeRow | null> {
  const [row] = await db
    .select()
    .from(disputes)
    .where(eq(disputes.orderId, orderId))
    .orderBy(desc(disputes.openedAt))
    .limit(1);
  return row ?? null;
}
