import { schema } from '@barbershop/db';
import { createProduct, createUser } from '@barbershop/db/factories';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDueEmails } from '../jobs/outbox-worker.ts';
import { mailerFor } from '../modules/mail/mailer.ts';
import { enqueueEmail } from '../modules/mail/outbox.repository.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { payWithDemo } from '../test/demo-payment.ts';
import { createOrder } from '../test/orders.ts';
import { signInAs } from '../test/sessions.ts';
import { createShop } from '../test/shop.ts';
import { closeSmtp as close, listenSmtp as listen, smtpServer } from '../test/smtp-server.ts';

/** The mailer of a server whose SMTP_URL is the local server on `port`. */
const smtpMailer = (port: number) =>
  mailerFor(
    {
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: { name: 'Shop', address: 'shop@example.com' },
      outboxDir: '',
      shopAlertEmail: undefined,
    },
    'localhost',
  );

/** A port that answers nothing: a server bound, then stopped. */
async function closedPort(): Promise<number> {
  const server = smtpServer([]);
  const port = await listen(server);
  await close(server);
  return port;
}

// Issue 13, point 4: the mail server down when an order is paid.
describe('SMTP down', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
    await createShop(app.db);
  });
  afterAll(() => app.close());

  it('keeps the confirmation in the outbox while the mail server is down, and sends it once when it is back', async () => {
    const received: string[] = [];
    const port = await closedPort();
    const send = smtpMailer(port);

    const product = await createProduct(app.db, { category: 'Hats' });
    const user = await createUser(app.db, { email: 'waiting@example.com' });
    const cookie = await signInAs(app, user);
    // The customer's payment does not depend on the mail server.
    const orderId = await payWithDemo(app, cookie, [
      { _id: product.id, size: 'One Size Fits All', quantity: 1 },
    ]);

    expect(await sendDueEmails(app.db, send)).toBe(0);
    const key = `order-confirmation:${orderId}`;
    const [waiting] = await app.db.select().from(schema.outbox).where(eq(schema.outbox.dedupeKey, key));
    expect(waiting).toMatchObject({ to: 'waiting@example.com', attempts: 1, sentAt: null });
    expect(waiting?.lastError).toBeTruthy();

    const back = smtpServer(received);
    await listen(back, port);
    try {
      const later = new Date(waiting!.nextAttemptAt.getTime() + 1000);
      // The customer's confirmation and the shop's paid-order alert, each once.
      expect(await sendDueEmails(app.db, send, later)).toBe(2);
      expect(await sendDueEmails(app.db, send, new Date(later.getTime() + 3_600_000))).toBe(0);
      expect(received).toHaveLength(2);
      expect(received.filter((message) => message.includes('To: waiting@example.com'))).toHaveLength(1);
      const [sent] = await app.db.select().from(schema.outbox).where(eq(schema.outbox.dedupeKey, key));
      expect(sent?.sentAt).not.toBeNull();
    } finally {
      await close(back);
    }
  }, 30_000);

  it("sends a customer an order's emails in the order queued when staff took it back from ready meanwhile, and other orders' at once", async () => {
    const received: string[] = [];
    const port = await closedPort();
    const send = smtpMailer(port);

    const product = await createProduct(app.db, { category: 'Hats' }, { stock: { 'One Size Fits All': 5 } });
    const customer = await createUser(app.db, { email: 'casey@example.com' });
    const staff = await signInAs(app, await createUser(app.db, { accessLevel: 1 }));
    const order = () =>
      createOrder(app.db, {
        userId: customer.id,
        lines: [{ product, size: 'One Size Fits All', quantity: 1 }],
        status: 'processing',
      });
    const set = async (id: string, status: string) => {
      const answer = await app.inject({
        method: 'PUT',
        url: `/api/orders/${id}`,
        headers: { cookie: staff },
        payload: { status },
      });
      expect(answer.statusCode).toBe(200);
    };
    const subjects = () => received.map((message) => message.match(/^Subject: (.*)$/m)?.[1]);

    const slipped = await order();
    await set(slipped.id, 'ready');
    // The worker tries "Ready for pickup" while the mail server is down: it is retried in a minute;
    // "Not ready for pickup yet" and the new code's "Ready for pickup" are queued after it.
    expect(await sendDueEmails(app.db, send)).toBe(0);
    await set(slipped.id, 'processing');
    await set(slipped.id, 'ready');
    // Another order of the same customer, ready meanwhile.
    const other = await order();
    await set(other.id, 'ready');

    const back = smtpServer(received);
    await listen(back, port);
    try {
      // The other order's email goes at once; this one's "Not ready" and new code wait for the first.
      expect(await sendDueEmails(app.db, send)).toBe(1);
      expect(subjects()).toEqual([`Ready for pickup: ${other.id}`]);
      let later = Date.now();
      while (received.length < 4) {
        later += 5 * 60_000;
        expect(await sendDueEmails(app.db, send, new Date(later))).toBeGreaterThan(0);
      }
      expect(subjects()).toEqual([
        `Ready for pickup: ${other.id}`,
        `Ready for pickup: ${slipped.id}`,
        `Not ready for pickup yet: ${slipped.id}`,
        // With the new code: read last, it is the one the customer brings.
        `Ready for pickup: ${slipped.id}`,
      ]);
    } finally {
      await close(back);
    }
  }, 30_000);
});

describe('a mail server that refuses a recipient', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('gives up on a mailbox that does not exist at once, said once, and retries one that is only full', async () => {
    const received: string[] = [];
    const refuse: Record<string, number> = { 'gone@example.com': 550, 'full@example.com': 452 };
    const server = smtpServer(received, refuse);
    const send = smtpMailer(await listen(server));
    const logged: [string, unknown, string][] = [];
    const log = {
      warn: (fields: unknown, message: string) => logged.push(['warn', fields, message]),
      error: (fields: unknown, message: string) => logged.push(['error', fields, message]),
    };
    const to = (key: string, address: string) =>
      enqueueEmail(app.db, key, { to: address, subject: `About ${key}`, html: `<p>${key}</p>`, text: key });
    const row = async (key: string) =>
      (await app.db.select().from(schema.outbox).where(eq(schema.outbox.dedupeKey, key)))[0]!;
    try {
      await to('gone', 'gone@example.com');
      await to('full', 'full@example.com');
      await to('fine', 'fine@example.com');
      expect(await sendDueEmails(app.db, send, new Date(), Date.now, log as never)).toBe(1);

      const gone = await row('gone');
      expect(gone).toMatchObject({ attempts: 1, sentAt: null });
      expect(gone.failedAt).not.toBeNull();
      expect(gone.lastError).toContain('550 <gone@example.com>: no such mailbox');
      const full = await row('full');
      expect(full).toMatchObject({ attempts: 1, sentAt: null, failedAt: null });
      // Said at error level by its id, the address left out (the log is kept 30 days, by others).
      expect(logged.map(([level, , message]) => [level, message])).toEqual([
        ['error', 'email refused by the mail server, not tried again (npm run mail:failed)'],
        ['warn', 'email not sent'],
      ]);
      expect(logged[0]![1]).toEqual({
        email: gone.id,
        attempt: 1,
        reason: "Can't send mail - all recipients were rejected: 550 <[address]>: no such mailbox",
      });
      expect(JSON.stringify(logged)).not.toContain('@example.com');

      // A week on, with room in the full mailbox: it goes; the refused one is not tried again.
      delete refuse['full@example.com'];
      const week = new Date(Date.now() + 7 * 24 * 3_600_000);
      expect(await sendDueEmails(app.db, send, week, Date.now, log as never)).toBe(1);
      expect(
        await sendDueEmails(app.db, send, new Date(week.getTime() + 3_600_000), Date.now, log as never),
      ).toBe(0);
      expect((await row('gone')).attempts).toBe(1);
      expect(logged).toHaveLength(2);
      expect(received.map((message) => message.match(/^To: (.*)$/m)?.[1]).sort()).toEqual([
        'fine@example.com',
        'full@example.com',
      ]);
    } finally {
      await close(server);
    }
  }, 30_000);
});
