import { PICKUP_CODE_TRIES } from '@barbershop/contract';
import { type Executor, schema } from '@barbershop/db';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';

const { pickupCodes } = schema;

export type PickupCodeRow = typeof pickupCodes.$inferSelect;

/** The order's pickup code, locked until the transaction ends when asked. */
export async function findPickupCode(
  db: Executor,
  orderId: string,
  options: { lock?: boolean } = {},
): Promise<PickupCodeRow | null> {
  const query = db.select().from(pickupCodes).where(eq(pickupCodes.orderId, orderId));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Issues (or reissues) the order's code: a new row id, so a new code, with no wrong tries. */
export async function replacePickupCode(
  tx: Executor,
  values: { orderId: string; id: string; codeHash: string; issuedBy: string | null; issuedAt: Date },
): Promise<PickupCodeRow> {
  const [row] = await tx
    .insert(pickupCodes)
    .values({ ...values, wrongTries: 0, usedAt: null })
    .onConflictDoUpdate({
      target: pickupCodes.orderId,
      set: { ...values, wrongTries: 0, usedAt: null },
    })
    .returning();
  return row!;
}

export async function deletePickupCode(tx: Executor, orderId: string): Promise<string | null> {
  const [deleted] = await tx
    .delete(pickupCodes)
    .where(eq(pickupCodes.orderId, orderId))
    .returning({ id: pickupCodes.id });
  return deleted?.id ?? null;
}

/**
 * Counts one wrong try in a single statement, so tries made at once all count and none passes the
 * limit; null when the code is already locked or used. Runs outside the refused change, which rolls back.
 */
export async function addWrongTry(db: Executor, orderId: string): Promise<number | null> {
  const [row] = await db
    .update(pickupCodes)
    .set({ wrongTries: sql`${pickupCodes.wrongTries} + 1` })
    .where(
      and(
        eq(pickupCodes.orderId, orderId),
        isNull(pickupCodes.usedAt),
        lt(pickupCodes.wrongTries, PICKUP_CODE_TRIES),
      ),
    )
    .returning({ wrongTries: pickupCodes.wrongTries });
  return row?.wrongTries ?? null;
}

export async function markPickupCodeUsed(tx: Executor, orderId: string, at: Date): Promise<void> {
  await tx.update(pickupCodes).set({ usedAt: at }).where(eq(pickupCodes.orderId, orderId));
}
