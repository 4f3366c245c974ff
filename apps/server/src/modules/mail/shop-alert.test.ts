import type { PaymentIntent } from '@barbershop/contract';
import { schema } from '@barbershop/db';
import { createProduct, createUser } from '@barbershop/db/factories';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { signInAs } from '../../test/sessions.ts';
import { createShop } from '../../test/shop.ts';

/** Pays for one tee through the demo provider and answers the emails the payment queued. */
async function payAndReadOutbox(env: Record<string, string> = {}) {
  const app = await buildTestApp(env);
  try {
    await createShop(app.db);
    const tee = await createProduct(app.db, { name: 'Logo Tee', priceCents: 2500 }, { stock: { Large: 3 } });
    const cookie = await signInAs(
      app,
      await createUser(app.db, { name: 'Casey Customer', email: 'casey@example.com' }),
    );
    const intent = await app.inject({
      method: 'POST',
      url: '/api/payment/create-payment-intent',
      headers: { cookie },
      payload: { products: [{ _id: tee.id, size: 'Large', quantity: 2 }] },
    });
    const { orderId } = intent.json<PaymentIntent>();
    const outboxBefore = await app.db.select().from(schema.outbox);
    const confirm = () =>
      app.inject({
        method: 'POST',
        url: '/api/payment/demo/confirm',
        headers: { cookie },
        payload: { orderId },
      });
    expect((await confirm()).statusCode).toBe(200);
    expect((await confirm()).statusCode).toBe(200);
    return { orderId, outboxBefore, outbox: await app.db.select().from(schema.outbox) };
  } finally {
    await app.close();
  }
}

describe("the shop's paid-order alert", () => {
  it('goes to the shop email once per paid order, with a link to the order in the dashboard', async () => {
    const { orderId, outboxBefore, outbox } = await payAndReadOutbox();
    expect(outboxBefore).toEqual([]);
    const alerts = outbox.filter((email) => email.dedupeKey.startsWith('order-paid-alert:'));
    expect(alerts).toHaveLength(1);
    const [alert] = alerts;
    expect(alert).toMatchObject({ to: 'shop@example.com', subject: `New paid order: ${orderId}` });
    const link = `http://localhost:3000/dashboard/orders/${orderId}`;
    expect(alert!.text).toContain(`Open the order in the dashboard: ${link}`);
    expect(alert!.text).toContain('Customer: Casey Customer <casey@example.com>');
    expect(alert!.text).toContain('Logo Tee (Large): 2 × $25.00 = $50.00');
    expect(alert!.html).toContain(`<a href="${link}"`);
    expect(alert!.html).toContain('<html lang="en" dir="ltr">');
    expect(alert!.html).toContain('<th scope="col"');
    expect(alert!.html).toContain('Casey Customer &lt;casey@example.com&gt;');
  });

  it('goes to SHOP_ALERT_EMAIL when it is set', async () => {
    const { outbox } = await payAndReadOutbox({ SHOP_ALERT_EMAIL: 'owner@example.com' });
    expect(
      outbox.filter((email) => email.dedupeKey.startsWith('order-paid-alert:')).map((e) => e.to),
    ).toEqual(['owner@example.com']);
  });
});
