import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { schema } from '@barbershop/db';
import { createProduct, createUser } from '@barbershop/db/factories';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import { EmailRefused, type Mailer, mailerFor } from '../modules/mail/mailer.ts';
import { enqueueEmail, type OutboxRow } from '../modules/mail/outbox.repository.ts';
import { notifyOf, placeOrder } from '../modules/orders/order-lifecycle.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { payWithDemo } from '../test/demo-payment.ts';
import { signInAs } from '../test/sessions.ts';
import { createShop } from '../test/shop.ts';
import { closeSmtp, listenSmtp, smtpServer } from '../test/smtp-server.ts';
import { StripeStandIn } from '../test/stripe-stand-in.ts';
import { sweepExpiredOrders } from './expiry-sweep.ts';
import { sendDueEmails } from './outbox-worker.ts';

/** The real server on the test app's database, with its background jobs running. */
const serverWithJobs = (app: TestApp) =>
  buildApp(app.config, { database: app.handle, web: false, logger: false, jobs: true });

/** The mailer of a server with MAIL_FROM "Shop <shop@example.com>", over SMTP_URL, else into `outboxDir`. */
const mailer = (target: { smtpUrl?: string; outboxDir?: string }) =>
  mailerFor(
    {
      smtpUrl: target.smtpUrl,
      from: { name: 'Shop', address: 'shop@example.com' },
      outboxDir: target.outboxDir ?? '',
      shopAlertEmail: undefined,
    },
    'localhost',
  );

const email = (n: number) => ({
  to: `customer-${n}@example.com`,
  subject: `Order confirmed: ${n}`,
  html: `<p>Order ${n}</p>`,
  text: `Order ${n}`,
});

describe('background jobs', () => {
  let app: TestApp;
  let dir: string;

  beforeAll(async () => {
    app = await buildTestApp();
    dir = mkdtempSync(join(tmpdir(), 'outbox-'));
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const unsent = async () =>
    (await app.db.select().from(schema.outbox)).filter((row) => row.sentAt === null).length;

  it('writes each message as an .eml file with an HTML and a text part when no SMTP server is set', async () => {
    await enqueueEmail(app.db, 'eml-1', email(1));
    const send = mailer({ outboxDir: dir });
    expect(await sendDueEmails(app.db, send)).toBe(1);
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    const eml = readFileSync(join(dir, files[0]!), 'utf8');
    expect(eml).toContain('To: customer-1@example.com');
    // Queued with no sender's name (no shop settings): MAIL_FROM's name and address, and no Reply-To.
    expect(eml).toContain('From: Shop <shop@example.com>\n');
    expect(eml).not.toContain('Reply-To:');
    // It names the customer (a ready email holds the pickup code): other users of the machine may not read it.
    expect(statSync(join(dir, files[0]!)).mode & 0o777).toBe(0o600);
    expect(eml).toContain('Subject: Order confirmed: 1');
    expect(eml).toContain('multipart/alternative');
    expect(eml).toContain('text/html');
    expect(await sendDueEmails(app.db, send)).toBe(0);
    expect(readdirSync(dir)).toHaveLength(1);
  });

  it('closes an outbox folder an older release left open to every user of the machine', async () => {
    const older = mkdtempSync(join(tmpdir(), 'outbox-'));
    try {
      chmodSync(older, 0o755);
      await enqueueEmail(app.db, 'eml-older', email(3));
      const send = mailer({ outboxDir: older });
      expect(await sendDueEmails(app.db, send)).toBe(1);
      expect(statSync(older).mode & 0o777).toBe(0o700);
    } finally {
      rmSync(older, { recursive: true, force: true });
    }
  });

  it('sends through SMTP when SMTP_URL is set', async () => {
    const received: string[] = [];
    const server = smtpServer(received);
    const port = await listenSmtp(server);
    try {
      await enqueueEmail(app.db, 'smtp-1', email(2));
      const send = mailer({ smtpUrl: `smtp://127.0.0.1:${port}` });
      expect(await sendDueEmails(app.db, send)).toBe(1);
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('Subject: Order confirmed: 2');
      expect(received[0]).toContain('To: customer-2@example.com');
      // The record stays; the body (a ready email's pickup code) does not.
      const [row] = await app.db.select().from(schema.outbox).where(eq(schema.outbox.dedupeKey, 'smtp-1'));
      expect(row).toMatchObject({
        subject: 'Order confirmed: 2',
        to: 'customer-2@example.com',
        html: '',
        text: '',
      });
      expect(row?.sentAt).not.toBeNull();
    } finally {
      await closeSmtp(server);
    }
  });

  it('retries a failed message later, with backoff, and sends it then', async () => {
    await enqueueEmail(app.db, 'retry-1', email(3));
    const failing: Mailer = async () => {
      throw new Error('451 <casey@example.com>: Recipient address rejected: try again later');
    };
    const warnings: [unknown, string][] = [];
    const log = { warn: (fields: unknown, message: string) => warnings.push([fields, message]) };
    expect(await sendDueEmails(app.db, failing, new Date(), Date.now, log as never)).toBe(0);
    const [row] = await app.db.select().from(schema.outbox).where(eq(schema.outbox.dedupeKey, 'retry-1'));
    expect(row).toMatchObject({ attempts: 1, sentAt: null });
    expect(row!.lastError).toContain('Recipient address rejected');
    // Said in the log too, by the message's id, the address left out.
    expect(warnings).toEqual([
      [
        {
          email: row!.id,
          attempt: 1,
          reason: '451 <[address]>: Recipient address rejected: try again later',
          retryAt: row!.nextAttemptAt,
        },
        'email not sent',
      ],
    ]);
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
    const sent: string[] = [];
    const working: Mailer = async (message) => {
      sent.push(message.dedupeKey);
    };
    expect(await sendDueEmails(app.db, working)).toBe(0);
    expect(await sendDueEmails(app.db, working, new Date(Date.now() + 2 * 60_000))).toBe(1);
    expect(sent).toEqual(['retry-1']);
    expect(await unsent()).toBe(0);
  });

  it('starts no send its lease may not cover: after a slow mail server the rest wait for a later round', async () => {
    for (const n of [11, 12, 13]) await enqueueEmail(app.db, `slow-${n}`, email(n));
    let now = 0;
    const sent: string[] = [];
    // Each hand-over takes two and a half minutes of the five-minute lease.
    const slow: Mailer = async (message) => {
      now += 150_000;
      sent.push(message.dedupeKey);
    };
    expect(await sendDueEmails(app.db, slow, new Date(), () => now)).toBe(2);
    expect(await unsent()).toBe(1);
    // Not before its lease ends, so no other copy sends it meanwhile; then once.
    expect(await sendDueEmails(app.db, slow, new Date(Date.now() + 60_000), () => now)).toBe(0);
    expect(await sendDueEmails(app.db, slow, new Date(Date.now() + 6 * 60_000), () => now)).toBe(1);
    expect(sent.sort()).toEqual(['slow-11', 'slow-12', 'slow-13']);
    expect(await unsent()).toBe(0);
  });

  it('run in the real server: the sweep cancels an expired reservation at start-up', async () => {
    const product = await createProduct(app.db, {}, { stock: { Medium: 4 } });
    const order = await placeOrder(app.db, {
      userId: (await createUser(app.db)).id,
      lines: [{ _id: product.id, size: 'Medium', quantity: 3 }],
      status: 'pending',
      createdAt: new Date(Date.now() - 31 * 60_000),
    });
    const server = await serverWithJobs(app);
    try {
      await server.ready();
      await vi.waitFor(
        async () => {
          const [row] = await app.db.select().from(schema.orders).where(eq(schema.orders.id, order.id));
          expect(row?.status).toBe('canceled');
        },
        { timeout: 10_000, interval: 50 },
      );
    } finally {
      await server.close();
    }
    const [stock] = await app.db
      .select()
      .from(schema.productStock)
      .where(eq(schema.productStock.productId, product.id));
    expect(stock?.quantity).toBe(4);
  });
});

describe('order emails as a mail server receives them', () => {
  let app: TestApp;
  let dir: string;
  beforeAll(async () => {
    app = await buildTestApp();
    await createShop(app.db);
    // A name beyond ASCII, which a header must carry encoded (RFC 2047).
    await app.db.update(schema.shop).set({ name: 'Peluquería Ñ', email: 'hola@peluqueria.example' });
    dir = mkdtempSync(join(tmpdir(), 'outbox-'));
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("come from the shop by its name, and a customer's reply goes to the shop's email", async () => {
    const product = await createProduct(app.db, {}, { stock: { Medium: 2 } });
    const cookie = await signInAs(app, await createUser(app.db, { email: 'buyer@example.com' }));
    await payWithDemo(app, cookie, [{ _id: product.id, size: 'Medium', quantity: 1 }]);
    expect(await sendDueEmails(app.db, mailer({ outboxDir: dir }))).toBe(2);
    const emls = readdirSync(dir).map((name) => readFileSync(join(dir, name), 'utf8'));
    const header = (eml: string, name: string) =>
      eml
        .split('\n\n')[0]!
        .replace(/\n\s+/g, ' ')
        .split('\n')
        .filter((line) => line.startsWith(`${name}: `));
    const confirmation = emls.find((eml) => eml.includes('Subject: Order confirmed:'))!;
    const alert = emls.find((eml) => eml.includes('Subject: New paid order:'))!;
    for (const eml of [confirmation, alert]) {
      expect(header(eml, 'From')).toEqual(['From: =?UTF-8?Q?Peluquer=C3=ADa_=C3=91?= <shop@example.com>']);
    }
    expect(header(confirmation, 'Reply-To')).toEqual(['Reply-To: hola@peluqueria.example']);
    // The alert goes to the shop: a reply to the shop from itself would be no use.
    expect(header(alert, 'Reply-To')).toEqual([]);
  });
});

describe('background jobs with Stripe', () => {
  it('alert SHOP_ALERT_EMAIL of an order the sweep finds paid (its webhook lost), as the webhook would', async () => {
    const stripe = new StripeStandIn();
    const app = await buildTestApp({ ...(await stripe.start()), SHOP_ALERT_EMAIL: 'alerts@shop.example' });
    try {
      const product = await createProduct(app.db, {}, { stock: { Medium: 4 } });
      const cookie = await signInAs(app, await createUser(app.db));
      const paid = await app.inject({
        method: 'POST',
        url: '/api/payment/create-payment-intent',
        headers: { cookie },
        payload: { products: [{ _id: product.id, size: 'Medium', quantity: 1 }] },
      });
      const { orderId } = paid.json<{ orderId: string }>();
      const [order] = await app.db.select().from(schema.orders).where(eq(schema.orders.id, orderId));
      stripe.succeed(order!.paymentId!);
      await app.db
        .update(schema.orders)
        .set({ expiresAt: new Date(Date.now() - 60_000) })
        .where(eq(schema.orders.id, orderId));
      const server = await serverWithJobs(app);
      try {
        await server.ready();
        await vi.waitFor(
          async () => {
            const alerts = await app.db
              .select()
              .from(schema.outbox)
              .where(eq(schema.outbox.dedupeKey, `order-paid-alert:${orderId}`));
            expect(alerts.map((row) => row.to)).toEqual(['alerts@shop.example']);
          },
          { timeout: 10_000, interval: 50 },
        );
      } finally {
        await server.close();
      }
    } finally {
      await app.close();
      await stripe.stop();
    }
  });
});

// Two server copies run the same jobs against one PostgreSQL (PGlite runs one query at a time).
describe.runIf(process.env.TEST_DB === 'postgres')('background jobs, two copies at once', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('send each message once with two workers', async () => {
    for (let n = 0; n < 40; n++) await enqueueEmail(app.db, `pair-${n}`, email(n));
    const sent: string[] = [];
    const slow: Mailer = async (message: OutboxRow) => {
      await new Promise((resolve) => setImmediate(resolve));
      sent.push(message.dedupeKey);
    };
    const drain = async () => {
      while ((await sendDueEmails(app.db, slow)) > 0) {}
    };
    await Promise.all([drain(), drain()]);
    expect(sent).toHaveLength(40);
    expect(new Set(sent).size).toBe(40);
  });

  it('try a message the mail server refuses for good once with two workers, and never again', async () => {
    for (let n = 0; n < 40; n++) await enqueueEmail(app.db, `refused-${n}`, email(n));
    const tried: string[] = [];
    const errors: unknown[] = [];
    const log = { warn: () => {}, error: (fields: unknown) => errors.push(fields) };
    // Every other message goes to a mailbox that does not exist.
    const refusing: Mailer = async (message: OutboxRow) => {
      await new Promise((resolve) => setImmediate(resolve));
      tried.push(message.dedupeKey);
      if (Number(message.dedupeKey.split('-')[1]) % 2) throw new EmailRefused('550 no such mailbox');
    };
    const drain = async (at: Date) => {
      // A round that sent nothing may still have refused some: go on until one claims nothing.
      for (let before = -1; before !== tried.length; ) {
        before = tried.length;
        await sendDueEmails(app.db, refusing, at, Date.now, log as never);
      }
    };
    await Promise.all([drain(new Date()), drain(new Date())]);
    expect(tried.sort()).toEqual([...Array(40).keys()].map((n) => `refused-${n}`).sort());
    expect(errors).toHaveLength(20);
    await drain(new Date(Date.now() + 30 * 24 * 3_600_000));
    expect(tried).toHaveLength(40);
    const rows = (await app.db.select().from(schema.outbox)).filter((row) =>
      row.dedupeKey.startsWith('refused-'),
    );
    expect(rows.filter((row) => row.failedAt !== null)).toHaveLength(20);
    expect(rows.filter((row) => row.sentAt !== null)).toHaveLength(20);
  });

  it("send each order's emails in the order queued with two workers, a refused one holding none back", async () => {
    const orders = Array.from({ length: 10 }, () => randomUUID());
    // Three emails an order, queued one round of orders after another, as staff's changes would.
    for (const step of [0, 1, 2]) {
      for (const [n, orderId] of orders.entries()) {
        await enqueueEmail(app.db, `queue-${n}-${step}`, { ...email(n), orderId });
      }
    }
    const sent: string[] = [];
    const send: Mailer = async (message: OutboxRow) => {
      await new Promise((resolve) => setImmediate(resolve));
      // The first email of the first order goes to a mailbox that does not exist.
      if (message.dedupeKey === 'queue-0-0') throw new EmailRefused('550 no such mailbox');
      sent.push(message.dedupeKey);
    };
    const log = { warn: () => {}, error: () => {} };
    const drain = async () => {
      for (let before = -1; before !== sent.length; ) {
        before = sent.length;
        await sendDueEmails(app.db, send, new Date(), Date.now, log as never);
      }
    };
    await Promise.all([drain(), drain()]);
    await drain();
    expect(sent).toHaveLength(29);
    expect(new Set(sent).size).toBe(29);
    for (const n of orders.keys()) {
      expect(sent.filter((key) => key.startsWith(`queue-${n}-`))).toEqual(
        (n === 0 ? [1, 2] : [0, 1, 2]).map((step) => `queue-${n}-${step}`),
      );
    }
  });

  it('return the stock of an expired order once with two sweeps', async () => {
    const product = await createProduct(app.db, {}, { stock: { Large: 10 } });
    for (let n = 0; n < 5; n++) {
      await placeOrder(app.db, {
        userId: (await createUser(app.db)).id,
        lines: [{ _id: product.id, size: 'Large', quantity: 2 }],
        status: 'pending',
        createdAt: new Date(Date.now() - 40 * 60_000),
      });
    }
    const notify = notifyOf(app.config);
    const [a, b] = await Promise.all([
      sweepExpiredOrders(app.db, app.payments, notify),
      sweepExpiredOrders(app.db, app.payments, notify),
    ]);
    expect(a + b).toBe(5);
    const [stock] = await app.db
      .select()
      .from(schema.productStock)
      .where(eq(schema.productStock.productId, product.id));
    expect(stock?.quantity).toBe(10);
  });
});
