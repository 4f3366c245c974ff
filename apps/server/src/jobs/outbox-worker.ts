import type { Executor } from '@barbershop/db';
import type { Mailer } from '../modules/mail/mailer.ts';
import { claimDueEmails, markEmailFailed, markEmailSent } from '../modules/mail/outbox.repository.ts';

// A claimed message is left alone this long: ample time to hand it to the mail server.
const LEASE_MS = 5 * 60_000;
const BATCH = 20;

/** Seconds to wait after the n-th failed attempt: 1, 2, 4... minutes, at most 6 hours. */
export function backoffMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 3_600_000);
}

/**
 * Sends the due outbox messages once each, whatever the number of workers: each claims its rows
 * (FOR UPDATE SKIP LOCKED, then a lease) in a short transaction, sends, and marks them sent; a
 * failure is retried later with backoff. Answers how many were sent.
 */
export async function sendDueEmails(db: Executor, send: Mailer, at = new Date()): Promise<number> {
  let sent = 0;
  for (const message of await claimDueEmails(db, at, BATCH, LEASE_MS)) {
    try {
      await send(message);
      await markEmailSent(db, message.id, new Date());
      sent += 1;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await markEmailFailed(db, message.id, new Date(Date.now() + backoffMs(message.attempts)), reason);
    }
  }
  return sent;
}
