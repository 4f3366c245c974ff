import { type Executor, schema } from '@barbershop/db';
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';

const { outbox } = schema;

export type OutboxRow = typeof outbox.$inferSelect;
export type Email = {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The sender's name, the shop's; none: MAIL_FROM's. */
  fromName?: string;
  /** Where a reply goes; none: the sender, an address that may take none. */
  replyTo?: string;
};

/**
 * Queues an email in the caller's transaction; a second one with the same key is dropped, and so is
 * one to nobody (a customer whose personal data was erased has no address).
 */
export async function enqueueEmail(tx: Executor, dedupeKey: string, email: Email): Promise<void> {
  if (!email.to) return;
  await tx
    .insert(outbox)
    // Due at once, to the millisecond: the worker compares with a JavaScript Date, and PostgreSQL's
    // microseconds would leave a message written within the same millisecond not yet due.
    .values({ dedupeKey, ...email, nextAttemptAt: sql`date_trunc('milliseconds', now())` })
    .onConflictDoNothing({ target: outbox.dedupeKey });
}

/**
 * Takes back a queued email the worker has never picked up (so none of it can be on its way); false
 * when there is none such: sent, being sent, or tried and waiting to be tried again.
 */
export async function withdrawUnsentEmail(tx: Executor, dedupeKey: string): Promise<boolean> {
  const withdrawn = await tx
    .delete(outbox)
    .where(and(eq(outbox.dedupeKey, dedupeKey), isNull(outbox.sentAt), eq(outbox.attempts, 0)))
    .returning({ id: outbox.id });
  return withdrawn.length > 0;
}

/**
 * Claims up to `limit` unsent emails that are due, by pushing their next attempt `leaseMs` ahead in
 * the same short transaction: another worker skips the locked rows and then sees them not due.
 */
export async function claimDueEmails(db: Executor, at: Date, limit: number, leaseMs: number) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(isNull(outbox.sentAt), lte(outbox.nextAttemptAt, at)))
      .orderBy(asc(outbox.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    const claimed: OutboxRow[] = [];
    for (const { id } of due) {
      const [row] = await tx
        .update(outbox)
        .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: new Date(at.getTime() + leaseMs) })
        .where(eq(outbox.id, id))
        .returning();
      claimed.push(row!);
    }
    return claimed;
  });
}

/**
 * Forgets an address: emails to it not sent yet are dropped (their bodies name the person), and the
 * record of those sent no longer says to whom.
 */
export async function forgetRecipient(tx: Executor, address: string): Promise<void> {
  const to = sql`lower(${outbox.to}) = ${address.toLowerCase()}`;
  await tx.delete(outbox).where(and(to, isNull(outbox.sentAt)));
  await tx.update(outbox).set({ to: '' }).where(to);
}

/**
 * Sent: the row stays as the record of what went to whom and when, without its body. A ready email
 * holds the order's pickup code, which the database must otherwise never keep (pickup_codes stores a
 * hash), and every backup would carry every code sent.
 */
export async function markEmailSent(db: Executor, id: string, at: Date): Promise<void> {
  await db.update(outbox).set({ sentAt: at, lastError: null, html: '', text: '' }).where(eq(outbox.id, id));
}

export async function markEmailFailed(db: Executor, id: string, retryAt: Date, error: string): Promise<void> {
  await db.update(outbox).set({ nextAttemptAt: retryAt, lastError: error }).where(eq(outbox.id, id));
}
