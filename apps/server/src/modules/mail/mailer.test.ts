import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMessage } from '../../test/mime.ts';
import { closeSmtp, listenSmtp, smtpServer } from '../../test/smtp-server.ts';
import { mailerFor } from './mailer.ts';
import type { OutboxRow } from './outbox.repository.ts';

const received: string[] = [];
const server = smtpServer(received);
let port = 0;
beforeAll(async () => {
  port = await listenSmtp(server);
});
afterAll(() => closeSmtp(server));

/** An outbox row as a customer's email is queued: from the shop, a reply to its email. */
const row = (fields: Partial<OutboxRow> = {}) =>
  ({
    id: '0b6c3f5e-1d2a-4c8b-9e7f-2a3b4c5d6e7f',
    to: 'casey@example.com',
    subject: 'Ready for pickup: ord_1',
    html: '<!doctype html><html lang="en"><body><p>Your order is ready</p></body></html>',
    text: 'Your order is ready',
    fromName: 'Gold Standard Barbers',
    replyTo: 'hello@shop.example',
    ...fields,
  }) as OutboxRow;

describe('an email as its recipient receives it', () => {
  it('says it was sent automatically, so that an out-of-office reply does not land in the shop’s inbox', async () => {
    const send = mailerFor(
      {
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: { name: 'Shop', address: 'no-reply@shop.example' },
        outboxDir: '',
        shopAlertEmail: undefined,
      },
      'shop.example',
    );
    await send(row());
    const message = readMessage(received.at(-1)!);
    expect(message.headers.get('auto-submitted')).toBe('auto-generated');
    // Exchange and Outlook answer by this header, not Auto-Submitted.
    expect(message.headers.get('x-auto-response-suppress')).toBe('OOF, AutoReply');
    expect(message.headers.get('message-id')).toBe('<0b6c3f5e-1d2a-4c8b-9e7f-2a3b4c5d6e7f@shop.example>');
    expect(message.headers.get('mime-version')).toBe('1.0');
    expect(message.headers.get('date')).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} \+0000$/);
    expect(message.type).toBe('multipart/alternative');
    expect(message.parts.map((part) => part.type)).toEqual(['text/plain', 'text/html']);
    expect(message.parts[0]!.body).toBe('Your order is ready');
    expect(
      received
        .at(-1)!
        .split(/\r?\n/)
        .every((line) => line.length <= 998),
    ).toBe(true);
  });
});
