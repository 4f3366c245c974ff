import type { Executor } from '@barbershop/db';
import type { FastifyBaseLogger } from 'fastify';
import { EmailRefused, type Mailer, SMTP_TIMEOUTS } from '../modules/mail/mailer.ts';
import {
  claimDueEmails,
  markEmailRefused,
  markEmailSent,
  retryEmailLater,
} from '../modules/mail/outbox.repository.ts';

// A claimed message is left alone this long: ample time to hand it to the mail server.
const LEASE_MS = 5 * 60_000;
const BATCH = 20;
// The longest one send can take: no send starts later than this before the lease ends, so a message
// is never handed over after another copy may have claimed it again.
const LONGEST_SEND_MS = Object.values(SMTP_TIMEOUTS).reduce((sum, ms) => sum + ms, 0);

// A mail server's refusal may quote the recipient ("550 <casey@example.com>: no such user").
const ADDRESS = /[^\s<>()"',;:]+@[^\s<>()"',;:]+/g;

/** Seconds to wait after the n-th failed attempt: 1, 2, 4... minutes, at most 6 hours. */
export function backoffMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 3_600_000);
}

/**
 * Sends the due outbox messages once each, whatever the number of workers: each claims its rows
 * (FOR UPDATE SKIP LOCKED, then a lease) in a short transaction, sends, and marks them sent; a
 * failure is retried later with backoff, unless the mail server refused the message for good (no
 * such mailbox), which is marked failed and not tried again. Answers how many were sent.
 */
export async function sendDueEmails(
  db: Executor,
  send: Mailer,
  at = new Date(),
  clock: () => number = Date.now,
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>,
): Promise<number> {
  let sent = 0;
  const claimed = clock();
  for (const message of await claimDueEmails(db, at, BATCH, LEASE_MS)) {
    // A slow mail server ate the lease: the rest wait for it to end and go out in a later round.
    if (clock() - claimed > LEASE_MS - LONGEST_SEND_MS) break;
    try {
      await send(message);
      await markEmailSent(db, message.id, new Date());
      sent += 1;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      // Said where an operator looks: a wrong SMTP password otherwise fails every email in silence.
      // The message by its id, never its address.
      const said = {
        email: message.id,
        attempt: message.attempts,
        reason: reason.replace(ADDRESS, '[address]'),
      };
      if (error instanceof EmailRefused) {
        // Once: tried again, it would be refused again, every 6 hours for ever.
        await markEmailRefused(db, message.id, new Date(), reason);
        log?.error(said, 'email refused by the mail server, not tried again (npm run mail:failed)');
        continue;
      }
      const retryAt = new Date(Date.now() + backoffMs(message.attempts));
      await retryEmailLater(db, message.id, retryAt, reason);
      log?.warn({ ...said, retryAt }, 'email not sent');
    }
  }
  return sent;
}
