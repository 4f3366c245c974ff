import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import type { OutboxRow } from './outbox.repository.ts';

/** Sends one outbox message; throws when it could not. */
export type Mailer = (message: OutboxRow) => Promise<void>;

/** The longest one message may take to hand over, at most the sum of these (connect, greet, go quiet). */
export const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

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
  });
  if (mail.smtpUrl) {
    // A stalled mail server must not hold a message past the outbox worker's lease, or another copy
    // would send it too (jobs/outbox-worker.ts); nodemailer waits up to 2 and 10 minutes by default.
    // Settings in SMTP_URL's query (?socketTimeout=...) still win.
    const transport = nodemailer.createTransport({ url: mail.smtpUrl, ...SMTP_TIMEOUTS });
    return async (message) => {
      await transport.sendMail(envelope(message));
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
