import {
  decimalDollars,
  formatCents,
  LATE_PAYMENT_REFUNDED,
  latestPaymentFailure,
  type Order,
  type OrderView,
  type Overview,
  type PaymentIntent,
  type StaffOrderRow,
} from '@barbershop/contract';
import { schema } from '@barbershop/db';
import { createProduct, createUser } from '@barbershop/db/factories';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepExpiredOrders } from '../../jobs/expiry-sweep.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { signInAs } from '../../test/sessions.ts';
import { createShop } from '../../test/shop.ts';
import { type StandInRefund, StripeStandIn } from '../../test/stripe-stand-in.ts';
import { notifyOf } from '../orders/order-lifecycle.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createPaymentIntent, PAID_FOR_ANOTHER_CART } from './payments.service.ts';

describe('checkout with Stripe (the real client against a local stand-in)', () => {
  const stripe = new StripeStandIn();
  let app: TestApp;
  let hoodie: Awaited<ReturnType<typeof createProduct>>;

  beforeAll(async () => {
    app = await buildTestApp(await stripe.start());
    await createShop(app.db);
    hoodie = await createProduct(
      app.db,
      { name: 'Logo Hoodie', category: 'Hoodies', priceCents: 5500 },
      { stock: { Medium: 50, Large: 2 } },
    );
  });
  afterAll(async () => {
    await app.close();
    await stripe.stop();
  });

  const notify = () => notifyOf(app.config);
  const pay = (cookie: string, quantity = 1, size = 'Medium', product: { id: string } = hoodie) =>
    app.inject({
      method: 'POST',
      url: '/api/payment/create-payment-intent',
      headers: { cookie },
      payload: { products: [{ _id: product.id, size, quantity }] },
    });
  const deliver = (delivery: { payload: string; header: string }) =>
    app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': delivery.header },
      payload: delivery.payload,
    });
  const orderRow = async (id: string) =>
    (await app.db.select().from(schema.orders).where(eq(schema.orders.id, id)))[0]!;
  const stockOf = async (size: string) =>
    (
      await app.db
        .select()
        .from(schema.productStock)
        .where(and(eq(schema.productStock.productId, hoodie.id), eq(schema.productStock.size, size)))
    )[0]!.quantity;
  const logOf = async (orderId: string) =>
    (
      await app.db
        .select()
        .from(schema.orderLog)
        .where(eq(schema.orderLog.orderId, orderId))
        .orderBy(schema.orderLog.at, schema.orderLog.id)
    ).map((entry) => entry.message);
  /** The emails queued under this outbox key. */
  const outboxOf = (dedupeKey: string) =>
    app.db.select().from(schema.outbox).where(eq(schema.outbox.dedupeKey, dedupeKey));
  /** Ends the order's reservation `ago` milliseconds ago. */
  const lapse = (orderId: string, ago: number) =>
    app.db
      .update(schema.orders)
      .set({ expiresAt: new Date(Date.now() - ago) })
      .where(eq(schema.orders.id, orderId));
  const checkout = async (quantity = 1, size = 'Medium', product: { id: string } = hoodie) => {
    const user = await createUser(app.db);
    const cookie = await signInAs(app, user);
    const body = (await pay(cookie, quantity, size, product)).json<PaymentIntent>();
    const order = await orderRow(body.orderId);
    return { user, cookie, body, order, intent: stripe.intents.get(order.paymentId!)! };
  };

  it('creates one PaymentIntent with the amount in cents, the order id and an idempotency key', async () => {
    const { body, order, intent, user } = await checkout(2);
    expect(body).toMatchObject({ provider: 'stripe', total: 11_000, clientSecret: intent.client_secret });
    expect(intent).toMatchObject({ amount: 11_000, currency: 'usd', metadata: { orderId: order.id } });
    expect(intent.receipt_email).toBe(user.email);
    const create = stripe.requests.find(
      (r) => r.path === '/v1/payment_intents' && r.idempotencyKey?.includes(order.id),
    );
    expect(create).toBeDefined();
  });

  it("charges the largest line to the cent, and refuses a cart over Stripe's largest charge before reserving it", async () => {
    const sizes = { 'One Size Fits All': 20 };
    const chair = await createProduct(
      app.db,
      { name: 'Barber Chair', category: 'Hats', priceCents: 9_999_999 },
      { stock: sizes },
    );
    const comb = await createProduct(
      app.db,
      { name: 'Comb', category: 'Hats', priceCents: 10 },
      { stock: sizes },
    );
    const cookie = await signInAs(app, await createUser(app.db));
    const cart = (...lines: [{ id: string }, number][]) =>
      app.inject({
        method: 'POST',
        url: '/api/payment/create-payment-intent',
        headers: { cookie },
        payload: {
          products: lines.map(([p, quantity]) => ({ _id: p.id, size: 'One Size Fits All', quantity })),
        },
      });
    const largest = await cart([chair, 10]);
    expect(largest.statusCode).toBe(200);
    const order = await orderRow(largest.json<PaymentIntent>().orderId);
    expect(order).toMatchObject({ subtotal: 99_999_990, total: 99_999_990 });
    expect(stripe.intents.get(order.paymentId!)?.amount).toBe(99_999_990);

    // A dime more is a cent over what Stripe charges: said as it is, where Stripe's refusal read
    // "did not answer. Please try again." and each try held the ten chairs for another 30 minutes.
    const created = stripe.created;
    const over = await cart([chair, 10], [comb, 1]);
    expect(over.statusCode).toBe(400);
    expect(over.json().error.message).toBe(
      'Card payments go up to $999,999.99; this cart comes to $1,000,000.00. Take something out of it to pay.',
    );
    expect(stripe.created).toBe(created);
    expect(stripe.intents.get(order.paymentId!)?.amount).toBe(99_999_990);
    expect(await orderRow(order.id)).toMatchObject({ status: 'pending', total: 99_999_990 });
    const stock = await app.db
      .select({ quantity: schema.productStock.quantity })
      .from(schema.productStock)
      .where(eq(schema.productStock.productId, comb.id));
    expect(stock).toEqual([{ quantity: 20 }]);
  });

  it('makes one order and one PaymentIntent of ten simultaneous Pay clicks, and updates it on a retry', async () => {
    const user = await createUser(app.db);
    const cookie = await signInAs(app, user);
    const before = stripe.created;
    const stock = await stockOf('Medium');
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay(cookie, 2)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.json<PaymentIntent>().orderId)).size).toBe(1);
    expect(new Set(answers.map((a) => a.json<PaymentIntent>().clientSecret)).size).toBe(1);
    expect(stripe.created - before).toBe(1);
    expect(await app.db.select().from(schema.orders).where(eq(schema.orders.userId, user.id))).toHaveLength(
      1,
    );
    expect(await stockOf('Medium')).toBe(stock - 2);

    const retry = (await pay(cookie, 3)).json<PaymentIntent>();
    const order = await orderRow(retry.orderId);
    expect(stripe.created - before).toBe(1);
    expect(stripe.intents.get(order.paymentId!)?.amount).toBe(3 * 5500);
    expect(await stockOf('Medium')).toBe(stock - 3);
  });

  it('leaves an order whose payment went through alone until its webhook comes: a new Pay is refused, nothing changes', async () => {
    const { order, intent, cookie } = await checkout(2);
    const stock = await stockOf('Medium');
    stripe.succeed(intent.id);
    const again = await pay(cookie, 1);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      'Your last payment is still being processed: your orders show it in a moment. Pay again only if it does not go through.',
    );
    expect(await orderRow(order.id)).toMatchObject({ status: 'pending', total: 11_000 });
    expect(stripe.intents.get(intent.id)?.amount).toBe(11_000);
    expect(await stockOf('Medium')).toBe(stock);
    expect((await deliver(stripe.event('payment_intent.succeeded', intent))).statusCode).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ status: 'processing' });
  });

  /**
   * A checkout of `quantity` hoodies during which another tab's card confirms the order's PaymentIntent:
   * after this checkout asked Stripe, before it updates the amount.
   */
  const checkoutWhileOtherTabPays = (
    user: { id: string; name: string; email: string },
    orderId: string,
    intentId: string,
    quantity: number,
  ) => {
    const racing: PaymentProvider = {
      ...app.payments,
      async upsert(input) {
        stripe.succeed(intentId);
        return app.payments.upsert.call(this, input);
      },
    };
    return createPaymentIntent(
      app.db,
      racing,
      { id: user.id, name: user.name, email: user.email, picture: '', accessLevel: 0 },
      { products: [{ _id: hoodie.id, size: 'Medium', quantity }], orderId },
      0,
    );
  };

  it('says a payment went through in another tab when it did so while this checkout ran, not that Stripe did not answer', async () => {
    const { order, intent, user } = await checkout(2);
    await expect(checkoutWhileOtherTabPays(user, order.id, intent.id, 2)).rejects.toMatchObject({
      code: 'conflict',
      message:
        'Your last payment is still being processed: your orders show it in a moment. Pay again only if it does not go through.',
    });
    expect(stripe.intents.get(intent.id)).toMatchObject({ status: 'succeeded', amount: 11_000 });
    await deliver(stripe.event('payment_intent.succeeded', intent));
    expect(await orderRow(order.id)).toMatchObject({ status: 'processing', total: 11_000 });
  });

  it('says a payment made in another tab for the cart as it was does not match a cart changed meanwhile, at once and at every Pay after', async () => {
    const { order, intent, user, cookie } = await checkout(2);
    // The other tab pays for two hoodies while this tab's checkout changes the cart to three.
    await expect(checkoutWhileOtherTabPays(user, order.id, intent.id, 3)).rejects.toMatchObject({
      code: 'conflict',
      message: PAID_FOR_ANOTHER_CART,
    });
    const again = await pay(cookie, 3);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: { code: 'conflict', message: PAID_FOR_ANOTHER_CART } });
    await deliver(stripe.event('payment_intent.succeeded', intent));
    expect(await orderRow(order.id)).toMatchObject({ status: 'pending', total: 16_500 });
  });

  it('fulfils once when succeeded is delivered five times at once, and ignores a failure that comes after', async () => {
    const { order, intent, cookie } = await checkout(2);
    const delivery = stripe.event('payment_intent.succeeded', stripe.succeed(intent.id));
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(delivery)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const failedLate = await deliver(
      stripe.event('payment_intent.payment_failed', { ...intent, status: 'requires_payment_method' }),
    );
    expect(failedLate.statusCode).toBe(200);

    const paid = (await app.inject({ url: `/api/orders/${order.id}`, headers: { cookie } })).json<Order>();
    expect(paid.status).toBe('processing');
    expect(paid.products[0]?.items).toHaveLength(2);
    expect(paid.log.map((entry) => entry.message)).toEqual(['Payment received']);
    const mail = await app.db
      .select()
      .from(schema.outbox)
      .where(eq(schema.outbox.dedupeKey, `order-confirmation:${order.id}`));
    expect(mail).toHaveLength(1);
  });

  it('notes a failed payment on a pending order, which keeps its reservation', async () => {
    const { order, intent } = await checkout(1);
    intent.last_payment_error = { message: 'Your card was declined.' };
    expect((await deliver(stripe.event('payment_intent.payment_failed', intent))).statusCode).toBe(200);
    const row = await orderRow(order.id);
    expect(row.status).toBe('pending');
    const log = await app.db.select().from(schema.orderLog).where(eq(schema.orderLog.orderId, order.id));
    expect(log.map((entry) => entry.message)).toEqual(['Payment failed: Your card was declined.']);
  });

  it('dates a failure when Stripe saw it, so one delivered late is not taken for the retry', async () => {
    const { order, intent, cookie } = await checkout(1);
    const declinedAt = Math.floor(Date.now() / 1000) - 3600;
    intent.last_payment_error = { message: 'Your card was declined.' };
    // The customer tried again meanwhile (the order is dated by this attempt)...
    expect((await pay(cookie, 1)).statusCode).toBe(200);
    // ...and the first attempt's failure arrives an hour late.
    const late = stripe.event('payment_intent.payment_failed', intent, { created: declinedAt });
    expect((await deliver(late)).statusCode).toBe(200);
    const seen = (await app.inject({ url: `/api/orders/${order.id}`, headers: { cookie } })).json<Order>();
    expect(seen.log).toEqual([
      expect.objectContaining({
        message: 'Payment failed: Your card was declined.',
        at: new Date(declinedAt * 1000).toISOString(),
      }),
    ]);
    expect(latestPaymentFailure(seen)).toBeNull();
  });

  it('cancels a pending order and returns its stock when its PaymentIntent is canceled, once', async () => {
    const { order, intent } = await checkout(2);
    const stock = await stockOf('Medium');
    const delivery = stripe.event('payment_intent.canceled', { ...intent, status: 'canceled' });
    const answers = await Promise.all([deliver(delivery), deliver(delivery)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect((await orderRow(order.id)).status).toBe('canceled');
    expect(await stockOf('Medium')).toBe(stock + 2);
  });

  it('replaces a PaymentIntent canceled under a retry, and its cancellation then leaves the order alone', async () => {
    const { order, intent, cookie } = await checkout(1);
    // The expiry sweep cancels it at Stripe just as the customer presses Pay again.
    const canceled = await app.payments.cancel(intent.id);
    expect(canceled?.status).toBe('canceled');
    const retry = await pay(cookie, 2);
    expect(retry.statusCode).toBe(200);
    const replaced = await orderRow(order.id);
    expect(replaced).toMatchObject({ status: 'pending' });
    expect(replaced.paymentId).not.toBe(intent.id);
    const fresh = stripe.intents.get(replaced.paymentId!)!;
    expect(fresh).toMatchObject({ status: 'requires_payment_method', amount: replaced.total });
    expect(retry.json<PaymentIntent>().clientSecret).toBe(fresh.client_secret);

    // The old one's webhook: not this order's payment any more.
    expect(
      (await deliver(stripe.event('payment_intent.canceled', stripe.intents.get(intent.id)!))).statusCode,
    ).toBe(200);
    expect((await orderRow(order.id)).status).toBe('pending');
    // The new one pays it.
    await deliver(stripe.event('payment_intent.succeeded', stripe.succeed(fresh.id)));
    expect((await orderRow(order.id)).status).toBe('processing');
  });

  it('replaces a PaymentIntent Stripe does not know, as after the shop moved from test keys to live ones', async () => {
    const { order, cookie } = await checkout(1);
    // Reserved with the test keys; the server restarted with live ones, where that id is no one's.
    await app.db
      .update(schema.orders)
      .set({ paymentId: 'pi_test_only' })
      .where(eq(schema.orders.id, order.id));
    const stock = await stockOf('Medium');
    const retry = await pay(cookie, 1);
    expect(retry.statusCode).toBe(200);
    const replaced = await orderRow(order.id);
    expect(replaced).toMatchObject({ id: order.id, status: 'pending' });
    const fresh = stripe.intents.get(replaced.paymentId!)!;
    expect(fresh).toMatchObject({ amount: replaced.total, metadata: { orderId: order.id } });
    expect(retry.json<PaymentIntent>().clientSecret).toBe(fresh.client_secret);
    expect(await stockOf('Medium')).toBe(stock);
    await deliver(stripe.event('payment_intent.succeeded', stripe.succeed(fresh.id)));
    expect((await orderRow(order.id)).status).toBe('processing');
  });

  it('keeps a reservation renewed between the sweep listing it and canceling its PaymentIntent', async () => {
    const { order, intent, cookie } = await checkout(1);
    await app.db
      .update(schema.orders)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(schema.orders.id, order.id));
    const stock = await stockOf('Medium');
    // The customer presses Pay again after the sweep listed the lapsed order, before it cancels at Stripe.
    let retry: Awaited<ReturnType<typeof pay>> | undefined;
    const racing: PaymentProvider = {
      ...app.payments,
      async retrieve(paymentId) {
        const state = await app.payments.retrieve(paymentId);
        if (paymentId === intent.id) retry = await pay(cookie, 1);
        return state;
      },
    };
    expect(await sweepExpiredOrders(app.db, racing, notify())).toBe(0);
    expect(retry?.statusCode).toBe(200);
    expect(stripe.intents.get(intent.id)).toMatchObject({
      status: 'canceled',
      cancellation_reason: 'abandoned',
    });

    // The sweep's cancel comes back as a webhook: the renewed reservation stands.
    expect(
      (await deliver(stripe.event('payment_intent.canceled', stripe.intents.get(intent.id)!))).statusCode,
    ).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ status: 'pending', paymentId: intent.id });
    expect(await stockOf('Medium')).toBe(stock);
    // Pay once more gets a new PaymentIntent for the same order, and it pays.
    const again = await pay(cookie, 1);
    expect(again.statusCode).toBe(200);
    const renewed = await orderRow(order.id);
    expect(renewed.paymentId).not.toBe(intent.id);
    await deliver(stripe.event('payment_intent.succeeded', stripe.succeed(renewed.paymentId!)));
    expect((await orderRow(order.id)).status).toBe('processing');
  });

  it('refuses stale and badly signed deliveries with 400 and changes nothing', async () => {
    const { order, intent } = await checkout(1);
    const succeeded = stripe.succeed(intent.id);
    const stale = stripe.event('payment_intent.succeeded', succeeded, {
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    const forged = stripe.event('payment_intent.succeeded', succeeded, { secret: 'whsec_someone_else' });
    const tampered = stripe.event('payment_intent.succeeded', succeeded);
    for (const delivery of [
      stale,
      forged,
      { ...tampered, payload: tampered.payload.replace('"usd"', '"eur"') },
    ]) {
      const response = await deliver(delivery);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toContain('stripe-signature');
    }
    expect((await orderRow(order.id)).status).toBe('pending');
  });

  it('leaves the order unpaid and flagged when the amount paid is not its total, and says so once in its log', async () => {
    const { order, intent } = await checkout(1);
    const paid = stripe.event('payment_intent.succeeded', stripe.succeed(intent.id, 100));
    expect((await deliver(paid)).statusCode).toBe(200);
    // Stripe delivers again when it missed the answer.
    expect((await deliver(paid)).statusCode).toBe(200);
    const row = await orderRow(order.id);
    expect(row.status).toBe('pending');
    expect(row.attention).toContain('does not match');
    expect(
      await app.db.select().from(schema.productItems).where(eq(schema.productItems.orderId, order.id)),
    ).toEqual([]);
    expect(await logOf(order.id)).toEqual([
      'Paid an amount that does not match the order: not marked paid; refunded when the reservation ends',
    ]);
  });

  it('refunds, once its reservation lapses, a payment that does not match its order, and gives the units back', async () => {
    const { order, intent } = await checkout(2, 'Large');
    const stock = await stockOf('Large');
    // The card went through for another cart's amount (the cart changed in a second tab meanwhile).
    await deliver(stripe.event('payment_intent.succeeded', stripe.succeed(intent.id, 100)));
    expect((await orderRow(order.id)).status).toBe('pending');
    await app.db
      .update(schema.orders)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(schema.orders.id, order.id));
    const sweeps = await Promise.all([
      sweepExpiredOrders(app.db, app.payments, notify()),
      sweepExpiredOrders(app.db, app.payments, notify()),
    ]);
    expect(sweeps[0]! + sweeps[1]!).toBe(1);
    expect(await orderRow(order.id)).toMatchObject({ status: 'canceled' });
    expect(stripe.refunds.filter((refund) => refund.payment_intent === intent.id)).toHaveLength(1);
    expect(await stockOf('Large')).toBe(stock + 2);
    expect(await logOf(order.id)).toEqual([
      'Paid an amount that does not match the order: not marked paid; refunded when the reservation ends',
      'Paid an amount that did not match the order: the payment was refunded and the order canceled',
    ]);
    // Its customer is told by email, once.
    const told = await outboxOf(`order-refunded:${order.id}`);
    expect(told.map((mail) => mail.subject)).toEqual([`Payment refunded: ${order.id}`]);
    expect(told[0]!.text).toContain(
      // How much: the payment's $1.00, not the order's total, which the customer did not pay.
      "Your payment did not match your order's total (the cart changed while you paid), so we refunded it in full ($1.00) and canceled the order.",
    );
  });

  it("cancels such an order and returns its units when the payment was refunded by hand in Stripe's dashboard", async () => {
    const { order, intent } = await checkout(1);
    const stock = await stockOf('Medium');
    await deliver(stripe.event('payment_intent.succeeded', stripe.succeed(intent.id, 100)));
    stripe.refund(intent.id);
    await lapse(order.id, 60_000);
    expect(await sweepExpiredOrders(app.db, app.payments, notify())).toBe(1);
    expect(await orderRow(order.id)).toMatchObject({ status: 'canceled' });
    expect(stripe.refunds.filter((refund) => refund.payment_intent === intent.id)).toHaveLength(1);
    expect(await stockOf('Medium')).toBe(stock + 1);
  });

  it("notes on a paid order, once each, refunds made in Stripe's dashboard, in part and then in full", async () => {
    const { order, intent } = await checkout(2);
    const paid = stripe.event('payment_intent.succeeded', stripe.succeed(intent.id));
    // Refunded a minute later, then the rest a minute after that; the full refund is delivered first.
    const minutesOn = (minutes: number) => Math.floor(Date.now() / 1000) + minutes * 60;
    stripe.refund(intent.id, 2000);
    const partly = stripe.event('charge.refunded', stripe.charge(intent.id), { created: minutesOn(1) });
    stripe.refund(intent.id, order.total - 2000);
    const inFull = stripe.event('charge.refunded', stripe.charge(intent.id), { created: minutesOn(2) });
    // Before the payment's own event: refused and not recorded, so Stripe's next delivery counts.
    expect((await deliver(partly)).statusCode).toBe(503);
    expect(await logOf(order.id)).toEqual([]);
    expect((await deliver(paid)).statusCode).toBe(200);
    for (const delivery of [inFull, partly, partly]) expect((await deliver(delivery)).statusCode).toBe(200);

    const total = formatCents(order.total);
    expect(await logOf(order.id)).toEqual([
      'Payment received',
      `Payment partly refunded in Stripe: $20.00 of ${total} so far`,
      `Payment refunded in full in Stripe (${total})`,
    ]);
    // What happens to the goods is for staff to settle with the customer: the order stays as it was,
    // with all refunded so far, though the partial refund's event came last.
    expect(await orderRow(order.id)).toMatchObject({ status: 'processing', refunded: order.total });
    const items = await app.db
      .select()
      .from(schema.productItems)
      .where(eq(schema.productItems.orderId, order.id));
    expect(items).toHaveLength(2);
  });

  it('settles the orders behind one it cannot, and names that one', async () => {
    const stuck = await checkout(1);
    const next = await checkout(1);
    const stock = await stockOf('Medium');
    // Listed oldest first: the one the provider fails on comes first.
    await lapse(stuck.order.id, 120_000);
    await lapse(next.order.id, 60_000);
    const failing: PaymentProvider = {
      ...app.payments,
      async retrieve(paymentId) {
        if (paymentId === stuck.intent.id) throw new Error('Stripe answered 500');
        return app.payments.retrieve(paymentId);
      },
    };
    await expect(sweepExpiredOrders(app.db, failing, notify())).rejects.toThrow(
      `The expiry sweep canceled 1 and could not settle 1: order ${stuck.order.id}: Stripe answered 500`,
    );
    expect(await orderRow(next.order.id)).toMatchObject({ status: 'canceled' });
    expect(await orderRow(stuck.order.id)).toMatchObject({ status: 'pending' });
    expect(await stockOf('Medium')).toBe(stock + 1);
    // Once Stripe answers, the next round settles it.
    expect(await sweepExpiredOrders(app.db, app.payments, notify())).toBe(1);
    expect(await stockOf('Medium')).toBe(stock + 2);
  });

  it('sweeps expired orders by asking Stripe: paid ones are fulfilled, open ones canceled there and here', async () => {
    const paid = await checkout(1);
    const open = await checkout(1);
    stripe.succeed(paid.intent.id);
    const stock = await stockOf('Medium');
    // Every pending order of this file expires too: those not paid at Stripe, or paid another amount
    // than their total (refunded), give their units back.
    const canceledHere = (order: { paymentId: string | null; total: number }) => {
      const intent = stripe.intents.get(order.paymentId!);
      return intent?.status !== 'succeeded' || intent.amount_received !== order.total;
    };
    const held = await app.db
      .select({
        quantity: schema.orderLines.quantity,
        paymentId: schema.orders.paymentId,
        total: schema.orders.total,
      })
      .from(schema.orderLines)
      .innerJoin(schema.orders, eq(schema.orders.id, schema.orderLines.orderId))
      .where(and(eq(schema.orders.status, 'pending'), eq(schema.orderLines.size, 'Medium')));
    const returned = held.filter(canceledHere).reduce((sum, line) => sum + line.quantity, 0);
    const unpaid = (
      await app.db
        .select({ paymentId: schema.orders.paymentId, total: schema.orders.total })
        .from(schema.orders)
        .where(eq(schema.orders.status, 'pending'))
    ).filter(canceledHere);
    const later = new Date(Date.now() + 31 * 60_000);
    expect(await sweepExpiredOrders(app.db, app.payments, notify(), later)).toBe(unpaid.length);
    expect((await orderRow(paid.order.id)).status).toBe('processing');
    expect((await orderRow(open.order.id)).status).toBe('canceled');
    expect(stripe.intents.get(open.intent.id)?.status).toBe('canceled');
    expect(await stockOf('Medium')).toBe(stock + returned);
  });

  it('refunds through Stripe a payment that succeeds after its stock was swept and sold', async () => {
    const late = await checkout(2, 'Large');
    const later = new Date(Date.now() + 31 * 60_000);
    // The customer pays just after the sweep asked: Stripe had it open, so the sweep cancels it here.
    await app.db
      .update(schema.orders)
      .set({ paymentId: 'pi_unknown' })
      .where(eq(schema.orders.id, late.order.id));
    await sweepExpiredOrders(app.db, app.payments, notify(), later);
    await app.db
      .update(schema.orders)
      .set({ paymentId: late.intent.id })
      .where(eq(schema.orders.id, late.order.id));
    expect((await orderRow(late.order.id)).status).toBe('canceled');
    const rival = await checkout(2, 'Large');
    expect(rival.body.total).toBe(11_000);

    const paidLate = stripe.event('payment_intent.succeeded', stripe.succeed(late.intent.id));
    const response = await deliver(paidLate);
    expect(response.statusCode).toBe(200);
    const row = await orderRow(late.order.id);
    expect(row.status).toBe('canceled');
    expect(row.attention).toContain('refunded');
    const refundsOfLate = () => stripe.refunds.filter((r) => r.payment_intent === late.intent.id);
    expect(refundsOfLate()).toHaveLength(1);
    // A redelivery (Stripe retries when a refund call failed) refunds through the same idempotency key.
    expect((await deliver(paidLate)).statusCode).toBe(200);
    const refundKeys = stripe.requests
      .filter((r) => r.path === '/v1/refunds' && r.idempotencyKey?.includes(late.intent.id))
      .map((r) => r.idempotencyKey);
    expect(refundKeys).toHaveLength(2);
    expect(new Set(refundKeys).size).toBe(1);
    expect(refundsOfLate()).toHaveLength(1);
    // Its customer is told by email, once, and gets no confirmation.
    const told = await outboxOf(`order-refunded:${late.order.id}`);
    expect(told.map((mail) => [mail.to, mail.subject])).toEqual([
      [late.user.email, `Payment refunded: ${late.order.id}`],
    ]);
    expect(told[0]!.text).toContain(
      `Your payment came after the 30 minutes we held your items for, and they sold out meanwhile, so we refunded it in full (${formatCents(row.total)}) and canceled the order.`,
    );
    expect(await outboxOf(`order-confirmation:${late.order.id}`)).toEqual([]);
    expect(await stockOf('Large')).toBe(0);

    // The rival's reservation lapses and its 2 units come back; the refunded payment delivered again
    // must not take them: the order stays canceled, with no items, no 'Payment received' and no mail.
    await sweepExpiredOrders(app.db, app.payments, notify(), new Date(Date.now() + 62 * 60_000));
    expect((await orderRow(rival.order.id)).status).toBe('canceled');
    expect(await stockOf('Large')).toBe(2);
    expect((await deliver(paidLate)).statusCode).toBe(200);
    expect((await orderRow(late.order.id)).status).toBe('canceled');
    expect(await stockOf('Large')).toBe(2);
    const items = await app.db
      .select()
      .from(schema.productItems)
      .where(eq(schema.productItems.orderId, late.order.id));
    expect(items).toEqual([]);
    const logBefore = await logOf(late.order.id);
    expect(logBefore).not.toContain('Payment received');
    expect(refundsOfLate()).toHaveLength(1);
    expect(await outboxOf(`order-refunded:${late.order.id}`)).toHaveLength(1);

    // Stripe's report of that refund, the shop's own, adds nothing to the canceled order.
    const ownRefund = stripe.event('charge.refunded', stripe.charge(late.intent.id));
    expect((await deliver(ownRefund)).statusCode).toBe(200);
    expect(await logOf(late.order.id)).toEqual(logBefore);
  });

  /** Stripe's clock, in seconds, `seconds` from now. */
  const at = (seconds = 0) => Math.floor(Date.now() / 1000) + seconds;
  const paidCheckout = async (quantity = 2) => {
    const bought = await checkout(quantity);
    const paid = stripe.event('payment_intent.succeeded', stripe.succeed(bought.intent.id));
    expect((await deliver(paid)).statusCode).toBe(200);
    return bought;
  };
  const staffCookie = async () => signInAs(app, await createUser(app.db, { accessLevel: 1 }));
  const staffGet = async <T>(url: string) =>
    (await app.inject({ url, headers: { cookie: await staffCookie() } })).json<T>();
  const revenueToday = async () =>
    (await staffGet<Overview>('/api/dashboard/overview')).revenue.today.revenue;
  /** The order's CSV line's last `columns` cells. */
  const csvTail = async (orderId: string, columns: number) => {
    const csv = await app.inject({
      url: `/api/orders/export.csv?q=${orderId}`,
      headers: { cookie: await staffCookie() },
    });
    return csv.body.trimEnd().split('\r\n')[1]!.split(',').slice(-columns).join(' ');
  };

  describe('a refund that fails afterwards (the card closed, the bank refused it)', () => {
    const failedLine = (amount: string, why: string) =>
      `Refund of ${amount} failed (${why}): the money is back in the shop's Stripe balance, and the customer must be refunded another way`;
    const refundCalls = () => stripe.requests.filter((r) => r.path === '/v1/refunds').length;

    it("says on a late payment's canceled order that the shop's refund failed, once however delivered, and never refunds it again", async () => {
      const cap = await createProduct(
        app.db,
        { name: 'Refund Test Cap', category: 'Hats', priceCents: 3000 },
        { stock: { 'One Size Fits All': 1 } },
      );
      const late = await checkout(1, 'One Size Fits All', cap);
      // Swept while Stripe did not know its payment yet, and the unit sold meanwhile.
      const setPayment = (paymentId: string) =>
        app.db.update(schema.orders).set({ paymentId }).where(eq(schema.orders.id, late.order.id));
      await setPayment('pi_unknown');
      await lapse(late.order.id, 60_000);
      await sweepExpiredOrders(app.db, app.payments, notify());
      await setPayment(late.intent.id);
      expect((await orderRow(late.order.id)).status).toBe('canceled');
      expect((await checkout(1, 'One Size Fits All', cap)).body.total).toBe(3000);
      const paidLate = stripe.event('payment_intent.succeeded', stripe.succeed(late.intent.id));
      expect((await deliver(paidLate)).statusCode).toBe(200);
      const refund = stripe.refunds.find((r) => r.payment_intent === late.intent.id)!;
      const before = await logOf(late.order.id);
      expect(before.at(-1)).toBe(LATE_PAYMENT_REFUNDED);

      stripe.failRefund(refund.id, 'expired_or_canceled_card');
      const updated = stripe.event('charge.refund.updated', refund, { created: at(60) });
      const failed = stripe.event('refund.failed', refund, { created: at(60) });
      // Both kinds of event, each delivered twice, two at once as two server copies take them.
      const answers = await Promise.all([deliver(updated), deliver(failed), deliver(updated)]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
      expect((await deliver(failed)).statusCode).toBe(200);
      const line = failedLine('$30.00', 'the card has expired or was closed');
      expect(await logOf(late.order.id)).toEqual([...before, line]);
      expect(await orderRow(late.order.id)).toMatchObject({
        status: 'canceled',
        attention: line,
        refunded: 0,
      });

      // The payment's own event again: no second refund (staff pay the customer back another way,
      // and both would reach them), no sale of the unit.
      const calls = refundCalls();
      expect((await deliver(paidLate)).statusCode).toBe(200);
      expect(refundCalls()).toBe(calls);
      expect(await logOf(late.order.id)).toEqual([...before, line]);
      expect(await orderRow(late.order.id)).toMatchObject({ status: 'canceled', attention: line });

      // Staff see why the order needs them on it and in the list, and the shop is emailed once; its
      // customer sees the log line.
      expect(await staffGet<OrderView>(`/api/orders/${late.order.id}`)).toMatchObject({
        attention: line,
        needsAttention: true,
      });
      const listed = await staffGet<StaffOrderRow[]>(`/api/orders?scope=all&q=${late.order.id}`);
      expect(listed.map((row) => row.needsAttention)).toEqual([true]);
      const needing = await staffGet<StaffOrderRow[]>('/api/orders?scope=all&attention=open');
      expect(needing.map((row) => row._id)).toContain(late.order.id);
      const alerts = await app.db
        .select()
        .from(schema.outbox)
        .where(like(schema.outbox.dedupeKey, `refund-failed-alert:%`));
      expect(alerts.filter((mail) => mail.subject === `Refund failed: order ${late.order.id}`)).toHaveLength(
        1,
      );
      expect(alerts.find((mail) => mail.subject.endsWith(late.order.id))?.text).toContain(line);
      const own = await app.inject({ url: `/api/orders/${late.order.id}`, headers: { cookie: late.cookie } });
      expect(own.json<OrderView>()).not.toHaveProperty('attention');
      expect(own.json<OrderView>()).not.toHaveProperty('needsAttention');
      expect(own.json<OrderView>().log.at(-1)?.message).toBe(line);

      // Paid back by hand: said with the amount; the canceled order, whose payment was never the
      // shop's, counts no money paid back, as it counts no refunds.
      const settled = await app.inject({
        method: 'POST',
        url: `/api/orders/${late.order.id}/attention`,
        headers: { cookie: await staffCookie() },
        payload: { note: 'Bank transfer' },
      });
      expect(settled.json<OrderView>().log.at(-1)?.message).toBe(
        'Paid back $30.00 another way: Bank transfer',
      );
      expect(await orderRow(late.order.id)).toMatchObject({ refunded: 0, paidBack: 0, attentionSince: null });
    });

    it("says on a mismatched payment's canceled order that the sweep's refund failed, and its payment delivered again leaves it so", async () => {
      const { order, intent } = await checkout(1);
      const paid = stripe.event('payment_intent.succeeded', stripe.succeed(intent.id, 100));
      expect((await deliver(paid)).statusCode).toBe(200);
      await lapse(order.id, 60_000);
      await sweepExpiredOrders(app.db, app.payments, notify());
      expect((await orderRow(order.id)).status).toBe('canceled');
      const refund = stripe.refunds.find((r) => r.payment_intent === intent.id)!;
      const before = await logOf(order.id);
      stripe.failRefund(refund.id, 'lost_or_stolen_card');
      expect((await deliver(stripe.event('refund.failed', refund, { created: at(60) }))).statusCode).toBe(
        200,
      );
      const line = failedLine('$1.00', 'the card was reported lost or stolen');
      expect(await logOf(order.id)).toEqual([...before, line]);
      expect((await deliver(paid)).statusCode).toBe(200);
      expect(await logOf(order.id)).toEqual([...before, line]);
      expect(await orderRow(order.id)).toMatchObject({ status: 'canceled', attention: line });
    });

    it("takes a failed refund made in Stripe's dashboard off the paid order's refunded figure, its CSV line and the overview, and flags it", async () => {
      const { order, intent } = await paidCheckout(2);
      /** The order's CSV line's Refunded and Paid Back. */
      const csvRefunded = async () => (await csvTail(order.id, 3)).split(' ').slice(0, 2).join(' ');
      const refund = stripe.refund(intent.id, 2000, at(1));
      const refunded = stripe.event('charge.refunded', stripe.charge(intent.id), { created: at(1) });
      expect((await deliver(refunded)).statusCode).toBe(200);
      expect(await orderRow(order.id)).toMatchObject({ refunded: 2000, attention: null });
      expect(await csvRefunded()).toBe('20.00 0.00');
      const revenueLessRefund = await revenueToday();

      stripe.failRefund(refund.id, 'declined');
      const failed = stripe.event('charge.refund.updated', refund, { created: at(60) });
      expect((await deliver(failed)).statusCode).toBe(200);
      const line = failedLine('$20.00', "the customer's bank refused it");
      expect(await orderRow(order.id)).toMatchObject({ status: 'processing', refunded: 0, attention: line });
      expect(await logOf(order.id)).toEqual([
        'Payment received',
        `Payment partly refunded in Stripe: $20.00 of ${formatCents(order.total)} so far`,
        line,
      ]);
      expect(await csvRefunded()).toBe('0.00 0.00');
      expect(await revenueToday()).toBe(revenueLessRefund + 2000);

      // Staff pay the $20.00 back in cash: out of the revenue again, and no later event of Stripe's,
      // which knows nothing of it, puts it back.
      const settled = await app.inject({
        method: 'POST',
        url: `/api/orders/${order.id}/attention`,
        headers: { cookie: await staffCookie() },
        payload: { note: 'Cash at the counter' },
      });
      expect(settled.statusCode).toBe(200);
      expect((await logOf(order.id)).at(-1)).toBe('Paid back $20.00 another way: Cash at the counter');
      expect(await csvRefunded()).toBe('0.00 20.00');
      expect(await revenueToday()).toBe(revenueLessRefund);
      stripe.refund(intent.id, 500, at(120));
      const later = stripe.event('charge.refunded', stripe.charge(intent.id), { created: at(120) });
      expect((await deliver(later)).statusCode).toBe(200);
      expect(await orderRow(order.id)).toMatchObject({ refunded: 500, paidBack: 2000 });
      expect(await csvRefunded()).toBe('5.00 20.00');
      expect(await revenueToday()).toBe(revenueLessRefund - 500);
    });

    it("ends at the charge's own refunded figure whatever order a failure and the refunds around it come in", async () => {
      const orders: [string, number][] = [];
      for (const sequence of ['ABF', 'AFB', 'BAF', 'BFA', 'FAB', 'FBA']) {
        const { order, intent } = await paidCheckout(2);
        // $20.00 refunded, $10.00 more ten seconds later; the first fails a minute after it was made.
        const first = stripe.refund(intent.id, 2000, at());
        const events: Record<string, { payload: string; header: string }> = {
          A: stripe.event('charge.refunded', stripe.charge(intent.id), { created: at() }),
        };
        stripe.refund(intent.id, 1000, at(10));
        events.B = stripe.event('charge.refunded', stripe.charge(intent.id), { created: at(10) });
        stripe.failRefund(first.id);
        events.F = stripe.event('charge.refund.updated', first, { created: at(60) });
        for (const name of sequence) expect((await deliver(events[name]!)).statusCode).toBe(200);
        orders.push([sequence, (await orderRow(order.id)).refunded]);
        expect(stripe.charge(intent.id).amount_refunded).toBe(1000);
      }
      expect(orders).toEqual(['ABF', 'AFB', 'BAF', 'BFA', 'FAB', 'FBA'].map((sequence) => [sequence, 1000]));
    });

    it('lowers the refunded figure when a later charge.refunded says less, as after a failure this endpoint was not told of', async () => {
      const { order, intent } = await paidCheckout(2);
      const first = stripe.refund(intent.id, 2000, at());
      const before = stripe.event('charge.refunded', stripe.charge(intent.id), { created: at() });
      stripe.failRefund(first.id);
      stripe.refund(intent.id, 500, at(120));
      const after = stripe.event('charge.refunded', stripe.charge(intent.id), { created: at(120) });
      expect((await deliver(before)).statusCode).toBe(200);
      expect((await orderRow(order.id)).refunded).toBe(2000);
      expect((await deliver(after)).statusCode).toBe(200);
      expect((await orderRow(order.id)).refunded).toBe(500);
    });

    it('refuses a failed refund of a payment not recorded yet, for Stripe to deliver again, and ignores refunds that did not fail or are of no order', async () => {
      const { order, intent } = await checkout(1);
      const succeeded = stripe.event('payment_intent.succeeded', stripe.succeed(intent.id));
      const refund: StandInRefund = stripe.refund(intent.id, 1000, at());
      const stillStanding = stripe.event('charge.refund.updated', refund, { created: at() });
      stripe.failRefund(refund.id, 'a_reason_stripe_added_later');
      const failed = stripe.event('refund.failed', refund, { created: at(60) });
      expect((await deliver(failed)).statusCode).toBe(503);
      expect(await logOf(order.id)).toEqual([]);
      expect((await deliver(succeeded)).statusCode).toBe(200);
      expect((await deliver(stillStanding)).statusCode).toBe(200);
      expect(await logOf(order.id)).toEqual(['Payment received']);
      expect((await deliver(failed)).statusCode).toBe(200);
      expect(await logOf(order.id)).toEqual([
        'Payment received',
        failedLine('$10.00', "Stripe's reason: a reason stripe added later"),
      ]);

      const nobodys = {
        ...refund,
        id: 're_nobody',
        payment_intent: 'pi_nobody',
        charge: 'ch_nobody',
        amount: 1234,
      };
      expect((await deliver(stripe.event('refund.failed', nobodys))).statusCode).toBe(200);
      const logged = await app.db
        .select()
        .from(schema.orderLog)
        .where(like(schema.orderLog.message, '%$12.34%'));
      expect(logged).toEqual([]);
    });
  });

  describe("a card holder's dispute of a payment (a chargeback)", () => {
    const disputedLine = (amount: string) =>
      `The card holder's bank disputed ${amount} of the payment (the card holder says the goods never came)`;
    const alertsOf = async (orderId: string) =>
      (
        await app.db.select().from(schema.outbox).where(like(schema.outbox.dedupeKey, 'dispute-alert:%'))
      ).filter((mail) => mail.subject === `Payment disputed: order ${orderId}`);
    const settle = async (orderId: string) =>
      app.inject({
        method: 'POST',
        url: `/api/orders/${orderId}/attention`,
        headers: { cookie: await staffCookie() },
        payload: { note: 'Cash at the counter' },
      });

    it("says it in the order's log, flags the order and emails the shop while the bank waits for an answer, and takes a lost one off the revenue", async () => {
      const { order, intent, cookie } = await paidCheckout(2);
      const total = formatCents(order.total);
      const revenueBefore = await revenueToday();
      const dispute = stripe.dispute(intent.id, { created: at(5) });
      const created = stripe.event('charge.dispute.created', dispute, { created: at(5) });
      // Delivered twice at once, as two server copies take it.
      expect((await Promise.all([deliver(created), deliver(created)])).map((a) => a.statusCode)).toEqual([
        200, 200,
      ]);
      expect(await logOf(order.id)).toEqual(['Payment received', disputedLine(total)]);
      const seen = await staffGet<OrderView>(`/api/orders/${order.id}`);
      expect(seen).toMatchObject({
        needsAttention: true,
        paybackDue: false,
        dispute: {
          amount: order.total,
          reason: 'the card holder says the goods never came',
          status: 'needs_response',
          needsResponse: true,
          evidenceDueBy: new Date(dispute.evidence_details.due_by! * 1000).toISOString(),
          answerUrl: `https://dashboard.stripe.com/test/disputes/${dispute.id}`,
        },
      });
      const needing = await staffGet<StaffOrderRow[]>('/api/orders?scope=all&attention=open');
      expect(needing.map((row) => row._id)).toContain(order.id);
      const alerts = await alertsOf(order.id);
      expect(alerts).toHaveLength(1);
      expect(alerts[0]!.text).toContain(disputedLine(total));
      expect(alerts[0]!.text).toContain(
        `Answer the dispute in Stripe: https://dashboard.stripe.com/test/disputes/${dispute.id}`,
      );
      expect(alerts[0]!.text).toMatch(/Answer by: \w{3} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M \w+/);
      const own = (
        await app.inject({ url: `/api/orders/${order.id}`, headers: { cookie } })
      ).json<OrderView>();
      expect(own).not.toHaveProperty('dispute');
      expect(own).not.toHaveProperty('needsAttention');
      expect(own.log.at(-1)?.message).toBe(disputedLine(total));

      // Nothing to pay back here: the dispute is answered in Stripe, not by the refund form.
      const refused = await settle(order.id);
      expect(refused.statusCode).toBe(409);
      expect(await logOf(order.id)).toEqual(['Payment received', disputedLine(total)]);

      // Answered in Stripe: under review, nobody needs to act; an older event coming late changes nothing.
      dispute.status = 'under_review';
      expect(
        (await deliver(stripe.event('charge.dispute.updated', dispute, { created: at(60) }))).statusCode,
      ).toBe(200);
      const stale = stripe.event(
        'charge.dispute.updated',
        { ...dispute, status: 'needs_response' },
        { created: at(30) },
      );
      expect((await deliver(stale)).statusCode).toBe(200);
      expect(await staffGet<OrderView>(`/api/orders/${order.id}`)).toMatchObject({
        needsAttention: false,
        dispute: { status: 'under_review', needsResponse: false, evidenceDueBy: null },
      });
      expect(await alertsOf(order.id)).toHaveLength(1);

      // Lost: the bank took the money back, once, whatever comes after.
      dispute.status = 'lost';
      const closed = stripe.event('charge.dispute.closed', dispute, { created: at(120) });
      expect((await deliver(closed)).statusCode).toBe(200);
      const lostLine = `Dispute decided for the card holder: their bank took back ${total}`;
      expect(await logOf(order.id)).toEqual(['Payment received', disputedLine(total), lostLine]);
      const later = stripe.event('charge.dispute.funds_withdrawn', dispute, { created: at(180) });
      expect((await deliver(later)).statusCode).toBe(200);
      expect(await logOf(order.id)).toEqual(['Payment received', disputedLine(total), lostLine]);
      expect(await orderRow(order.id)).toMatchObject({ chargedBack: order.total, attentionSince: null });
      expect(await revenueToday()).toBe(revenueBefore - order.total);
      expect(await csvTail(order.id, 3)).toBe(`0.00 0.00 ${decimalDollars(order.total)}`);
    });

    it('emails again when an inquiry becomes a dispute, keeps a won payment in the revenue, and keeps a refund to pay back apart', async () => {
      const { order, intent } = await paidCheckout(1);
      const total = formatCents(order.total);
      const revenueBefore = await revenueToday();
      const dispute = stripe.dispute(intent.id, { reason: 'fraudulent', created: at(5) });
      dispute.status = 'warning_needs_response';
      expect(
        (await deliver(stripe.event('charge.dispute.created', dispute, { created: at(5) }))).statusCode,
      ).toBe(200);
      const asked = `The card holder's bank asked about ${total} of the payment (the card holder says they did not make the payment)`;
      expect((await logOf(order.id)).at(-1)).toBe(asked);
      expect(await alertsOf(order.id)).toHaveLength(1);

      // A refund fails meanwhile; staff pay it back: the dispute still waits for them.
      const refund = stripe.refund(intent.id, 1000, at(1));
      stripe.failRefund(refund.id, 'declined');
      expect((await deliver(stripe.event('refund.failed', refund, { created: at(20) }))).statusCode).toBe(
        200,
      );
      expect(await staffGet<OrderView>(`/api/orders/${order.id}`)).toMatchObject({
        needsAttention: true,
        paybackDue: true,
      });
      expect((await settle(order.id)).statusCode).toBe(200);
      expect(await staffGet<OrderView>(`/api/orders/${order.id}`)).toMatchObject({
        needsAttention: true,
        paybackDue: false,
        dispute: { status: 'warning_needs_response', needsResponse: true },
      });

      dispute.status = 'needs_response';
      expect(
        (await deliver(stripe.event('charge.dispute.updated', dispute, { created: at(60) }))).statusCode,
      ).toBe(200);
      expect(await alertsOf(order.id)).toHaveLength(2);
      dispute.status = 'won';
      expect(
        (await deliver(stripe.event('charge.dispute.closed', dispute, { created: at(120) }))).statusCode,
      ).toBe(200);
      expect((await logOf(order.id)).at(-1)).toBe(
        `Dispute decided for the shop: the payment of ${total} stands`,
      );
      expect(await staffGet<OrderView>(`/api/orders/${order.id}`)).toMatchObject({ needsAttention: false });
      expect(await orderRow(order.id)).toMatchObject({ chargedBack: 0, paidBack: 1000 });
      expect(await revenueToday()).toBe(revenueBefore - 1000);
    });

    it('takes both off the revenue when a payment refunded in full is then lost to a dispute, as the CSV gives them', async () => {
      const { order, intent } = await paidCheckout(1);
      const revenueBefore = await revenueToday();
      const refund = stripe.refund(intent.id, order.total, at(1));
      expect(
        (await deliver(stripe.event('charge.refunded', stripe.charge(refund.payment_intent)))).statusCode,
      ).toBe(200);
      expect(await revenueToday()).toBe(revenueBefore - order.total);
      // The bank takes the payment back as well: the shop has lost it twice over.
      const dispute = stripe.dispute(intent.id, { created: at(5) });
      dispute.status = 'lost';
      expect(
        (await deliver(stripe.event('charge.dispute.closed', dispute, { created: at(60) }))).statusCode,
      ).toBe(200);
      const paid = decimalDollars(order.total);
      expect(await csvTail(order.id, 4)).toBe(`${paid} ${paid} 0.00 ${paid}`);
      expect(await revenueToday()).toBe(revenueBefore - 2 * order.total);
    });

    it('refuses a dispute of a payment not recorded yet, for Stripe to deliver again, and ignores one of no order', async () => {
      const { order, intent } = await checkout(1);
      const dispute = stripe.dispute(intent.id, { amount: order.total, created: at(5) });
      const created = stripe.event('charge.dispute.created', dispute, { created: at(5) });
      expect((await deliver(created)).statusCode).toBe(503);
      expect(await logOf(order.id)).toEqual([]);
      expect(
        (await deliver(stripe.event('payment_intent.succeeded', stripe.succeed(intent.id)))).statusCode,
      ).toBe(200);
      expect((await deliver(created)).statusCode).toBe(200);
      expect(await logOf(order.id)).toEqual(['Payment received', disputedLine(formatCents(order.total))]);

      const nobodys = { ...stripe.dispute(intent.id), payment_intent: 'pi_nobody', amount: 4321 };
      expect((await deliver(stripe.event('charge.dispute.created', nobodys))).statusCode).toBe(200);
      expect(
        await app.db.select().from(schema.orderLog).where(like(schema.orderLog.message, '%$43.21%')),
      ).toEqual([]);
    });
  });

  it('has no demo confirm when Stripe is on', async () => {
    const { order, cookie } = await checkout(1);
    const response = await app.inject({
      method: 'POST',
      url: '/api/payment/demo/confirm',
      headers: { cookie },
      payload: { orderId: order.id },
    });
    expect(response.statusCode).toBe(404);
  });
});
