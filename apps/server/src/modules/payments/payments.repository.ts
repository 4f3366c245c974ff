import { type Executor, schema } from '@barbershop/db';

/** Records a provider event; false when it was recorded before (a repeated delivery). */
export async function recordPaymentEvent(tx: Executor, id: string, type: string): Promise<boolean> {
  const rows = await tx
    .insert(schema.paymentEvents)
    .values({ id, type })
    .onConflictDoNothing()
    .returning({ id: schema.paymentEvents.id });
  return rows.length > 0;
}
