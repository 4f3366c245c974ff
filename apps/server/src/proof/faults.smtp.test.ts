import { schema } from '@barbershop/db';
import { createProduct, createUser } from '@barbershop/db/factories';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDueEmails } from '../jobs/outbox-worker.ts';
import { mailerFor } from '../modules/mail/mailer.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { payWithDemo } from '../test/demo-payment.ts';
import { signInAs } from '../test/sessions.ts';
import { createShop } from '../test/shop.ts';
import { closeSmtp as close, listenSmtp as listen, smtpServer } from '../test/smtp-server.ts';

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
    // A port that answers nothing: a server bound, then stopped.
    const first = smtpServer(received);
    const port = await listen(first);
    await close(first);
    const send = mailerFor(
      {
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: { name: 'Shop', address: 'shop@example.com' },
        outboxDir: '',
        shopAlertEmail: undefined,
      },
      'localhost',
    );

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
});
