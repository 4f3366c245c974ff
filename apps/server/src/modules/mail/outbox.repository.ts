import { type Executor, schema } from '@barbershop/db';
import { and, asc, eq, inArray, isNotNull, isNull, lte, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

const { outbox } = schema;
/** The outbox again, for emails queued before the one at hand. */
const earlier = alias(outbox, 'earlier');

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
  /** The order it is about: an order's emails to one address go out in the order they were queued. */
  orderId?: string;
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
    // Queued at the insert's moment, not the transaction's start (now()): a change to an order waits
    // for the order's lock, so an email it queues comes after those of the change it waited for.
    .values({
      dedupeKey,
      ...email,
      nextAttemptAt: sql`date_trunc('milliseconds', now())`,
      createdAt: sql`clock_timestamp()`,
    })
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
 * Claims up to `limit` unsent emails that are due (none the mail server refused for good), by pushing
 * their next attempt `leaseMs` ahead in the same short transaction: another worker skips the locked
 * rows and then sees them not due. An email waits while one queued before it, about the same order to
 * the same address, is still to go (due, waiting to be retried, or being sent by another worker): a
 * customer told "ready", then "not ready", then "ready" with a new code reads them in that order,
 * even after an outage whose backoff would have sent the newest first. Other orders' emails, and
 * emails about no order, do not wait for it.
 */
export async function claimDueEmails(db: Executor, at: Date, limit: number, leaseMs: number) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          isNull(outbox.sentAt),
          isNull(outbox.failedAt),
          lte(outbox.nextAttemptAt, at),
          notExists(
            tx
              .select({ id: earlier.id })
              .from(earlier)
              .where(
                and(
                  eq(earlier.orderId, outbox.orderId),
                  eq(earlier.to, outbox.to),
                  isNull(earlier.sentAt),
                  isNull(earlier.failedAt),
                  // By the id after the time: two queued at the same instant still come one after the other.
                  sql`(${earlier.createdAt}, ${earlier.id}) < (${outbox.createdAt}, ${outbox.id})`,
                ),
              ),
          ),
        ),
      )
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

/** Not sent, for a reason a later try may not meet (the mail server down): tried again at `retryAt`. */
export async function retryEmailLater(db: Executor, id: string, retryAt: Date, error: string): Promise<void> {
  await db.update(outbox).set({ nextAttemptAt: retryAt, lastError: error }).where(eq(outbox.id, id));
}

/**
 * Refused by the mail server for good: never tried again unless re-queued. The row keeps its body
 * for that, as any unsent one does.
 */
export async function markEmailRefused(db: Executor, id: string, at: Date, error: string): Promise<void> {
  await db.update(outbox).set({ failedAt: at, lastError: error }).where(eq(outbox.id, id));
}

const refused = and(isNull(outbox.sentAt), isNotNull(outbox.failedAt));

/** The emails the mail server refused for good, the latest last. */
export async function listRefusedEmails(db: Executor) {
  return db
    .select({
      id: outbox.id,
      to: outbox.to,
      subject: outbox.subject,
      failedAt: outbox.failedAt,
      lastError: outbox.lastError,
    })
    .from(outbox)
    .where(refused)
    .orderBy(asc(outbox.failedAt), asc(outbox.id));
}

/**
 * Puts refused emails back in the queue, due at once (those of `ids`, or all of them); answers the
 * ids re-queued. A row another command re-queued meanwhile, or sent, is left alone.
 */
export async function requeueRefusedEmails(db: Executor, at: Date, ids?: string[]): Promise<string[]> {
  const rows = await db
    .update(outbox)
    .set({ failedAt: null, nextAttemptAt: at })
    .where(ids ? and(refused, inArray(outbox.id, ids)) : refused)
    .returning({ id: outbox.id });
  return rows.map((row) => row.id);
}

/** The emails about an order, the first queued first: to whom, what, and where each stands (no body). */
export async function listOrderEmails(db: Executor, orderId: string) {
  return db
    .select({
      to: outbox.to,
      subject: outbox.subject,
      createdAt: outbox.createdAt,
      sentAt: outbox.sentAt,
      failedAt: outbox.failedAt,
      nextAttemptAt: outbox.nextAttemptAt,
      attempts: outbox.attempts,
      failedTry: sql<boolean>`${outbox.lastError} is not null`,
    })
    .from(outbox)
    .where(eq(outbox.orderId, orderId))
    .orderBy(asc(outbox.createdAt), asc(outbox.id));
}
