import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import type { OutboxRow } from './outbox.repository.ts';

/**
 * Sends one outbox message; throws when it could not: an EmailRefused when the mail server refused
 * this message for good, anything else when a later try may succeed.
 */
export type Mailer = (message: OutboxRow) => Promise<void>;

/**
 * The mail server refused this message for good: a permanent (5xx) answer to its recipient (550 no
 * such mailbox) or to its content (554 rejected as spam). Sent again, it would be refused again.
 * A 5xx to the sign-in or the sender (a wrong password, a MAIL_FROM the server does not take) is
 * not one: it is the server's settings, which every message meets, and mail flows again once an
 * operator fixes them.
 */
export class EmailRefused extends Error {}

/** Commands whose answer concerns the one message: its recipient, its content. */
const MESSAGE_COMMANDS = new Set(['RCPT TO', 'DATA']);

/** nodemailer's error as an EmailRefused when the server refused the message for good; else as it is. */
function refusedForGood(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  // nodemailer marks a 5xx answer (but 503, a command out of sequence) `permanent`, naming its command.
  const { permanent, command } = error as Error & { permanent?: boolean; command?: string };
  if (permanent && command && MESSAGE_COMMANDS.has(command)) {
    return new EmailRefused(error.message, { cause: error });
  }
  return error;
}

/** The longest one message may take to hand over, at most the sum of these (connect, greet, go quiet). */
export const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

/**
 * Every email is sent by the shop's system, not typed by a person (RFC 3834): an out-of-office or
 * vacation reply to it would go to its Reply-To, the shop's inbox, once per email. Exchange and
 * Outlook answer to their own header rather than Auto-Submitted. Delivery reports still come.
 */
const AUTOMATIC = { 'Auto-Submitted': 'auto-generated', 'X-Auto-Response-Suppress': 'OOF, AutoReply' };

/**
 * SMTP when SMTP_URL is set, otherwise an .eml file per message in DATA_DIR/outbox. nodemailer
 * builds the message either way; its Message-ID comes from the outbox row, so a copy sent twice
 * (a crash between sending and marking sent) is recognisable as one. It comes from MAIL_FROM's
 * address under the shop's name (the row's, from its settings; MAIL_FROM's name before any are
 * saved), which an inbox shows as the sender, and a reply goes to the row's Reply-To, if any.
 */
export function mailerFor(mail: Config['mail'], publicHost: string): Mailer {
  const envelope = (message: OutboxRow) => ({
    from: { name: message.fromName || mail.from.name, address: mail.from.address },
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    to: message.to,
    subject: message.subject,
    html: message.html,
    text: message.text,
    messageId: `<${message.id}@${publicHost}>`,
    headers: AUTOMATIC,
  });
  if (mail.smtpUrl) {
    // A stalled mail server must not hold a message past the outbox worker's lease, or another copy
    // would send it too (jobs/outbox-worker.ts); nodemailer waits up to 2 and 10 minutes by default.
    // Settings in SMTP_URL's query (?socketTimeout=...) still win.
    const transport = nodemailer.createTransport({ url: mail.smtpUrl, ...SMTP_TIMEOUTS });
    return async (message) => {
      try {
        await transport.sendMail(envelope(message));
      } catch (error) {
        throw refusedForGood(error);
      }
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return async (message) => {
    const info = await transport.sendMail(envelope(message));
    // A message names its customer and may hold a pickup code: for this user's eyes only, as backups.
    // mkdir's mode applies only to a folder it makes: one an older release made 0755 is closed too.
    await mkdir(mail.outboxDir, { recursive: true, mode: 0o700 });
    await chmod(mail.outboxDir, 0o700);
    await writeFile(join(mail.outboxDir, `${message.id}.eml`), info.message as Buffer, { mode: 0o600 });
  };
}
