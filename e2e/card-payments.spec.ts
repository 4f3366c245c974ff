import type { BrowserContext, Page } from '@playwright/test';
import { StripeStandIn } from '../apps/server/src/test/stripe-stand-in.ts';
import { addFromProductPage } from './cart.ts';
import { expect, test } from './fixtures.ts';
import { startOwnServer } from './own-server.ts';
import { DEMO, signIn } from './sign-in.ts';

// The card form as customers meet it: this file's own production server takes cards through the
// local Stripe stand-in, and the browser loads a stand-in for Stripe.js (Stripe's own cannot load
// here). Its Payment Element draws nothing; its confirmPayment asks the test what Stripe answers
// (`answer`), and on success goes to the return URL, as Stripe.js does, once the payment's webhook
// has been delivered. Its errors have the shape Stripe.js gives them.

const stripe = new StripeStandIn();
let server: Awaited<ReturnType<typeof startOwnServer>> | undefined;
let site = '';

test.beforeAll(async () => {
  server = await startOwnServer('card-payments', { seed: true, env: await stripe.start() });
  site = server.site;
});

test.afterAll(async () => {
  server?.stop();
  await stripe.stop();
});

const STRIPE_JS = `(() => {
  function Stripe() {
    const element = {
      mount(node) {
        node.textContent = 'Card (test stand-in)';
        setTimeout(() => (this.ready || []).forEach((listener) => listener({ elementType: 'payment' })));
      },
      on(event, listener) { if (event === 'ready') (this.ready ||= []).push(listener); },
      off() {}, update() {}, destroy() {}, unmount() {},
    };
    const elements = {
      create: () => element, getElement: () => element, update() {},
      submit: async () => ({}), fetchUpdates: async () => ({}),
    };
    return {
      elements: () => elements,
      createToken() {}, createPaymentMethod() {}, confirmCardPayment() {},
      _registerWrapper() {}, registerAppInfo() {},
      retrievePaymentIntent: async (clientSecret) => window.stripeStandInRetrieve(clientSecret),
      async confirmPayment({ clientSecret, confirmParams }) {
        const answer = await window.stripeStandInConfirm(clientSecret);
        if (answer.error) return { error: answer.error };
        window.location.assign(confirmParams.return_url);
        return new Promise(() => {});
      },
    };
  }
  Stripe.version = 3;
  window.Stripe = Stripe;
})();`;

/**
 * What Stripe does with one confirmation: charges the card ('pay'); finds the PaymentIntent canceled
 * meanwhile ('cancel': the expiry sweep or staff in Stripe's dashboard); is not reached ('offline'), or
 * charges the card and its answer is lost ('lose-answer'), both a connection error to Stripe.js; or
 * refuses the card with this error, as Stripe.js answers it, and sends payment_intent.payment_failed.
 */
type Answer =
  | 'pay'
  | 'cancel'
  | 'offline'
  | 'lose-answer'
  | { error: { type: string; code: string; message: string } };

/**
 * Puts the Stripe.js stand-in in the context's pages. Each confirmation takes the next answer of
 * `answers` (paying when none is left), after `gate` opens; paying charges the PaymentIntent at the
 * stand-in and delivers its webhook. Confirming a PaymentIntent that succeeded already is refused
 * as Stripe refuses it.
 */
async function cardForm(
  context: BrowserContext,
  answers: Answer[] = [],
  gate: Promise<void> = Promise.resolve(),
) {
  let asked = 0;
  await context.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ contentType: 'application/javascript', body: STRIPE_JS }),
  );
  const deliver = async (event: { payload: string; header: string }) => {
    const delivered = await fetch(`${site}/api/payment/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.header },
      body: event.payload,
    });
    expect(delivered.status).toBe(200);
  };
  const intentOf = (clientSecret: string) =>
    [...stripe.intents.values()].find((i) => i.client_secret === clientSecret)!;
  await context.exposeFunction('stripeStandInRetrieve', async (clientSecret: string) => {
    const { id, status } = intentOf(clientSecret);
    return { paymentIntent: { id, status } };
  });
  const connectionError = { error: { type: 'api_connection_error', message: 'Failed to fetch' } };
  await context.exposeFunction('stripeStandInConfirm', async (clientSecret: string) => {
    asked += 1;
    await gate;
    const intent = intentOf(clientSecret);
    const answer = intent.status === 'succeeded' ? 'pay' : (answers.shift() ?? 'pay');
    if (answer === 'offline') return connectionError;
    if (answer === 'cancel') {
      intent.status = 'canceled';
      await deliver(stripe.event('payment_intent.canceled', intent));
    }
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      return {
        error: {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
          payment_intent: { id: intent.id, status: intent.status },
        },
      };
    }
    if (typeof answer === 'object') {
      intent.last_payment_error = { message: answer.error.message };
      await deliver(stripe.event('payment_intent.payment_failed', intent));
      return { error: { ...answer.error, payment_intent: { id: intent.id, status: intent.status } } };
    }
    await deliver(stripe.event('payment_intent.succeeded', stripe.succeed(intent.id)));
    return answer === 'lose-answer' ? connectionError : {};
  });
  /** How many confirmations the pages have asked for. */
  return { asked: () => asked };
}

/** A new context signed in as Casey with a hat in the cart, on checkout. */
async function caseyAtCheckout(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await signIn(page, DEMO.customer);
  await addFromProductPage(page, 'pole-stripe-dad-hat', null);
  await page.goto('/checkout');
  await expect(page.getByText('Card (test stand-in)')).toBeVisible();
  return page;
}

const confirmed = (page: Page) => page.getByRole('heading', { level: 1, name: 'Order Confirmed' });

test('the same cart paid in two tabs at once is charged once, and both tabs show its confirmation', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: site });
  let open = () => {};
  const card = await cardForm(
    context,
    [],
    new Promise((resolve) => {
      open = resolve;
    }),
  );
  const first = await caseyAtCheckout(context);
  const second = await context.newPage();
  await second.goto('/checkout');
  await expect(second.getByText('Card (test stand-in)')).toBeVisible();
  const created = stripe.created;

  // Both press Pay before Stripe has answered either: both confirm the order's one PaymentIntent.
  await first.getByRole('button', { name: /^Pay / }).click();
  await expect(first.getByRole('button', { name: 'Processing…' })).toBeVisible();
  await second.getByRole('button', { name: /^Pay / }).click();
  await expect(second.getByRole('button', { name: 'Processing…' })).toBeVisible();
  await expect.poll(card.asked).toBe(2);
  open();

  await expect(confirmed(first)).toBeVisible({ timeout: 20_000 });
  // Stripe refuses the second confirmation of a paid PaymentIntent: that tab goes on to the order.
  await expect(confirmed(second).or(second.getByRole('alert')).first()).toBeVisible({ timeout: 20_000 });
  expect(await second.getByRole('main').getByRole('alert').allTextContents()).toEqual([]);
  await expect(confirmed(second)).toBeVisible();
  expect(second.url()).toBe(first.url());
  expect(stripe.created - created).toBe(1);
  expect([...stripe.intents.values()].filter((i) => i.status === 'succeeded')).toHaveLength(1);
  await context.close();
});

test('a declined card, then a bank check left unfinished, then a good card: each said, one payment, the order confirmed', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: site });
  const bankCheck =
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.';
  await cardForm(context, [
    { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } },
    // 3-D Secure closed or failed: Stripe.js says so as a request error, not a card error.
    {
      error: {
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        message: bankCheck,
      },
    },
  ]);
  const page = await caseyAtCheckout(context);
  const created = stripe.created;
  const pay = page.getByRole('button', { name: /^Pay / });
  const said = page.getByRole('main').getByRole('alert');

  await pay.click();
  await expect(said).toHaveText('Your card was declined.');
  await pay.click();
  await expect(said).toHaveText(bankCheck);
  await pay.click();
  await expect(confirmed(page)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Payment Not Completed')).toHaveCount(0);
  // One PaymentIntent for the three attempts, charged once.
  expect(stripe.created - created).toBe(1);
  await context.close();
});

test('a payment canceled while the card was confirmed charged nothing, says so, and Pay then pays', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: site });
  await cardForm(context, ['cancel']);
  const page = await caseyAtCheckout(context);
  const pay = page.getByRole('button', { name: /^Pay / });

  await pay.click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'This payment was canceled before it went through, so nothing was charged. Press Pay again to pay.',
  );
  const canceled = [...stripe.intents.values()].at(-1)!;
  expect(canceled.status).toBe('canceled');
  await pay.click();
  await expect(confirmed(page)).toBeVisible({ timeout: 20_000 });
  const paid = [...stripe.intents.values()].at(-1)!;
  expect(paid.id).not.toBe(canceled.id);
  expect(paid.status).toBe('succeeded');
  await context.close();
});

test('a confirmation whose answer never came: Pay again when nothing was charged, the order when it was', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: site });
  await cardForm(context, ['offline', 'lose-answer']);
  const page = await caseyAtCheckout(context);
  const created = stripe.created;
  const pay = page.getByRole('button', { name: /^Pay / });

  await pay.click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'Could not reach the shop. Check your connection, then press Pay again: your cart is kept, and an order already paid is never paid twice.',
  );
  // Stripe charged the card this time, and the answer was lost on its way back.
  await pay.click();
  await expect(confirmed(page)).toBeVisible({ timeout: 20_000 });
  expect(stripe.created - created).toBe(1);
  await context.close();
});
