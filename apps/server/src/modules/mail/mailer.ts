import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import type { OutboxRow } from './outbox.repository.ts';

/** Sends one outbox message; throws when it could not. */
export type Mailer = (message: OutboxRow) => Promise<void>;

/**
 * SMTP when SMTP_URL is set, otherwise an .eml file per message in DATA_DIR/outbox. nodemailer
 * builds the message either way; its Message-ID comes from the outbox row, so a copy sent twice
 * (a crash between sending and marking sent) is recognisable as one.
 */
export function mailerFor(mail: Config['mail'], publicHost: string): Mailer {
  const envelope = (message: OutboxRow) => ({
    from: mail.from,
    to: message.to,
    subject: message.subject,
    html: message.html,
    text: message.text,
    messageId: `<${message.id}@${publicHost}>`,
  });
  if (mail.smtpUrl) {
    const transport = nodemailer.createTransport(mail.smtpUrl);
    return async (message) => {
      await transport.sendMail(envelope(message));
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return async (message) => {
    const info = await transport.sendMail(envelope(message));
    await mkdir(mail.outboxDir, { recursive: true });
    await writeFile(join(mail.outboxDir, `${message.id}.eml`), info.message as Buffer);
  };
}
