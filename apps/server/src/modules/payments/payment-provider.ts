import type Stripe from 'stripe';
import type { Config } from '../../config.ts';
import type { PaymentProviderName } from '../orders/order-lifecycle.ts';

export type PaymentState = {
  status: 'succeeded' | 'processing' | 'open' | 'canceled';
  amount: number;
  currency: string;
};

/** What the checkout needs from a card processor; the demo provider stands in without one. */
export type PaymentProvider = {
  name: PaymentProviderName;
  /**
   * Whether a payment can go through here before the shop hears of it (a webhook on its way), so a
   * pending order's payment must be asked about before the order is changed.
   */
  settlesLater: boolean;
  /**
   * How long a checkout may take with this provider, `upsert` and its retries included, before it
   * answers or fails: how long a customer's checkout is leased (reserveForPayment).
   */
  longestCheckoutMs: number;
  /** Creates the order's payment, or updates the amount of the one it has; returns its id and client secret. */
  upsert(input: {
    orderId: string;
    paymentId: string | null;
    amount: number;
    receiptEmail: string;
    /** Changes with every new reservation of the order: one update per version, whatever the retries. */
    version: string;
  }): Promise<{ paymentId: string; clientSecret: string }>;
  /** Where the payment stands; null when the provider does not know it. */
  retrieve(paymentId: string): Promise<PaymentState | null>;
  /**
   * Stops the payment of an order whose reservation lapsed, if it has not succeeded; answers the
   * state it ends in.
   */
  cancel(paymentId: string): Promise<PaymentState | null>;
  /** Gives a succeeded payment's money back, once whatever the retries. */
  refund(paymentId: string, orderId: string): Promise<void>;
};

/**
 * Thrown by `upsert` when the payment it was to update went through meanwhile (the card confirmed in
 * another tab of the same cart after the checkout asked): it can be neither changed nor replaced.
 */
export class PaymentUnderWay extends Error {
  override name = 'PaymentUnderWay';
  readonly state: PaymentState;
  constructor(state: PaymentState, options?: ErrorOptions) {
    super(`PaymentIntent of ${state.amount} ${state.currency} is ${state.status}`, options);
    this.state = state;
  }
}

/** The demo clientSecret: opaque and labelled, so nobody mistakes it for a card processor's. */
export const DEMO_SECRET_PREFIX = 'demo_secret_';

/** No card is charged: the order is paid by POST /payment/demo/confirm, and nothing happens outside. */
export const demoProvider: PaymentProvider = {
  name: 'demo',
  // Paid in the request that confirms it.
  settlesLater: false,
  // Answers at once: this bounds how long a process killed mid-checkout holds the customer back.
  longestCheckoutMs: 5_000,
  async upsert({ orderId }) {
    return { paymentId: `demo_${orderId}`, clientSecret: `${DEMO_SECRET_PREFIX}${orderId}` };
  },
  // A demo payment exists only as the confirm call: until then there is nothing to ask.
  async retrieve() {
    return null;
  },
  async cancel() {
    return null;
  },
  async refund() {},
};

const STATES: Record<Stripe.PaymentIntent.Status, PaymentState['status']> = {
  succeeded: 'succeeded',
  processing: 'processing',
  requires_capture: 'processing',
  canceled: 'canceled',
  requires_action: 'open',
  requires_confirmation: 'open',
  requires_payment_method: 'open',
};

const stateOf = (intent: Stripe.PaymentIntent): PaymentState => ({
  status: STATES[intent.status] ?? 'open',
  // What was taken, as the webhook reads it; before that, what is asked.
  amount: intent.amount_received || intent.amount,
  currency: intent.currency,
});

/**
 * The Stripe client of this configuration: its API base can point at a local stand-in (tests).
 * A call that hangs is tried once more, then given up: a customer waits at most about twice the
 * timeout for an answer they can act on (try again), never a minute. The SDK (~200 ms and ~25 MB to
 * load) is loaded only by a server that takes card payments.
 */
export async function stripeClient(stripe: NonNullable<Config['stripe']>): Promise<Stripe> {
  const { default: Stripe } = await import('stripe');
  const base = stripe.apiBase ? new URL(stripe.apiBase) : null;
  return new Stripe(stripe.secretKey, {
    maxNetworkRetries: 1,
    timeout: stripe.timeoutMs,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'http:' ? 80 : 443),
          protocol: base.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}

const secretOf = (intent: Stripe.PaymentIntent) => ({
  paymentId: intent.id,
  clientSecret: intent.client_secret ?? '',
});

/** Stripe PaymentIntents, in US dollars, with the order id in metadata. */
export function stripeProvider(client: Stripe, timeoutMs: number): PaymentProvider {
  return {
    name: 'stripe',
    settlesLater: true,
    // At worst an update, a retrieve and a create, each tried twice, plus the client's pauses between
    // and the reservation before them.
    longestCheckoutMs: 6 * timeoutMs + 5_000,
    async upsert({ orderId, paymentId, amount, receiptEmail, version }) {
      const create = (idempotencyKey: string) =>
        client.paymentIntents.create(
          {
            amount,
            currency: 'usd',
            metadata: { orderId },
            receipt_email: receiptEmail,
            automatic_payment_methods: { enabled: true },
          },
          { idempotencyKey },
        );
      // A retry after a lost answer gets the same PaymentIntent, not a second one.
      if (!paymentId) return secretOf(await create(`order-${orderId}-create-${amount}`));
      try {
        return secretOf(
          await client.paymentIntents.update(
            paymentId,
            { amount, receipt_email: receiptEmail },
            { idempotencyKey: `order-${orderId}-update-${version}` },
          ),
        );
      } catch (error) {
        // Canceled meanwhile (the expiry sweep, as the customer pressed Pay again at the last
        // moment, or someone in Stripe's dashboard), or unknown to these keys (reserved under the
        // test keys before the shop went live): it can take no payment, so a new one replaces it.
        if (!(error instanceof client.errors.StripeInvalidRequestError)) throw error;
        const state = await this.retrieve(paymentId);
        if (state?.status === 'succeeded' || state?.status === 'processing') {
          throw new PaymentUnderWay(state, { cause: error });
        }
        if (state && state.status !== 'canceled') throw error;
        return secretOf(await create(`order-${orderId}-replaces-${paymentId}-${amount}`));
      }
    },
    async retrieve(paymentId) {
      try {
        return stateOf(await client.paymentIntents.retrieve(paymentId));
      } catch (error) {
        if (error instanceof client.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
    },
    async cancel(paymentId) {
      try {
        // Marked abandoned: its webhook then tells the sweep's cancel from one made in Stripe's dashboard.
        return stateOf(await client.paymentIntents.cancel(paymentId, { cancellation_reason: 'abandoned' }));
      } catch (error) {
        // Too late to cancel (it succeeded or is processing): say where it stands instead.
        if (error instanceof client.errors.StripeInvalidRequestError) return this.retrieve(paymentId);
        throw error;
      }
    },
    async refund(paymentId, orderId) {
      try {
        await client.refunds.create(
          { payment_intent: paymentId, metadata: { orderId } },
          { idempotencyKey: `order-${orderId}-refund-${paymentId}` },
        );
      } catch (error) {
        // Refunded already, by hand in Stripe's dashboard: the money is back, which is all this asks.
        if (
          error instanceof client.errors.StripeInvalidRequestError &&
          error.code === 'charge_already_refunded'
        )
          return;
        throw error;
      }
    },
  };
}

/** The provider this configuration calls for. */
export async function paymentProviderFor(config: Config): Promise<PaymentProvider> {
  return config.stripe
    ? stripeProvider(await stripeClient(config.stripe), config.stripe.timeoutMs)
    : demoProvider;
}
