import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export type StandInIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: Stripe.PaymentIntent.Status;
  client_secret: string;
  metadata: Record<string, string>;
  receipt_email: string | null;
  last_payment_error: { message: string } | null;
  cancellation_reason: Stripe.PaymentIntent.CancellationReason | null;
};

export type StandInCharge = {
  id: string;
  object: 'charge';
  payment_intent: string;
  amount: number;
  amount_refunded: number;
  refunded: boolean;
};

export type StandInRefund = {
  id: string;
  object: 'refund';
  payment_intent: string;
  charge: string;
  amount: number;
  currency: string;
  created: number;
  status: 'succeeded' | 'failed';
  failure_reason?: string;
};

export type StandInDispute = {
  id: string;
  object: 'dispute';
  payment_intent: string;
  charge: string;
  amount: number;
  currency: string;
  reason: string;
  status: string;
  created: number;
  evidence_details: { due_by: number | null };
  livemode: boolean;
};

/**
 * A local stand-in for the part of Stripe's API the server uses (PaymentIntents and refunds), so
 * the real `stripe` client is exercised without the network. It honours idempotency keys as Stripe
 * does (the same key replays the first answer) and records every request.
 */
export class StripeStandIn {
  readonly intents = new Map<string, StandInIntent>();
  readonly refunds: StandInRefund[] = [];
  readonly requests: { method: string; path: string; idempotencyKey: string | undefined }[] = [];
  private readonly replays = new Map<string, { status: number; body: unknown }>();
  private server: Server | null = null;
  private counter = 0;
  static readonly webhookSecret = 'whsec_test_stand_in';

  /** Starts listening; answers the environment that points the server at it. */
  async start(): Promise<Record<string, string>> {
    this.server = createServer((req, res) => {
      void this.handle(req).then(async ({ status, body }) => {
        if (this.held) {
          this.waiting += 1;
          await this.held;
          this.waiting -= 1;
        }
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    return {
      STRIPE_SECRET_KEY: 'sk_test_stand_in',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_stand_in',
      STRIPE_WEBHOOK_SECRET: StripeStandIn.webhookSecret,
      STRIPE_API_BASE: `http://127.0.0.1:${port}`,
    };
  }

  async stop() {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private held: Promise<void> | null = null;
  /** Requests Stripe has acted on whose answers are being held (hold). */
  waiting = 0;

  /** Holds every answer, once Stripe has acted, until the returned function is called. */
  hold(): () => void {
    let release = () => {};
    this.held = new Promise((resolve) => {
      release = resolve;
    });
    return () => {
      this.held = null;
      release();
    };
  }

  /** PaymentIntents created (not replayed). */
  get created(): number {
    return (
      this.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents').length -
      this.replayedCreates
    );
  }
  private replayedCreates = 0;

  /** The card is charged: as Stripe does when the customer confirms. */
  succeed(id: string, amount?: number): StandInIntent {
    const intent = this.intents.get(id)!;
    intent.status = 'succeeded';
    intent.amount_received = amount ?? intent.amount;
    return intent;
  }

  /**
   * A refund of this PaymentIntent, in full unless `amount` says, as the API or Stripe's dashboard
   * makes it, `created` (seconds) now unless said.
   */
  refund(
    paymentIntent: string,
    amount = this.intents.get(paymentIntent)?.amount_received ?? 0,
    created = Math.floor(Date.now() / 1000),
  ): StandInRefund {
    this.counter += 1;
    const refund: StandInRefund = {
      id: `re_${this.counter}`,
      object: 'refund',
      payment_intent: paymentIntent,
      charge: chargeIdOf(paymentIntent),
      amount,
      currency: 'usd',
      created,
      status: 'succeeded',
    };
    this.refunds.push(refund);
    return refund;
  }

  /**
   * The refund fails afterwards, as when the card was closed: Stripe gives the money back to the
   * shop's balance and stops counting it in the charge's amount_refunded.
   */
  failRefund(id: string, reason = 'expired_or_canceled_card'): StandInRefund {
    const refund = this.refunds.find((r) => r.id === id)!;
    refund.status = 'failed';
    refund.failure_reason = reason;
    return refund;
  }

  /**
   * The card holder's bank disputes this PaymentIntent's charge, in full unless `amount` says, as
   * Stripe reports it: needing the shop's answer within a week. Its status changes as the dispute
   * goes on: set `status` on it before making the next event.
   */
  dispute(
    paymentIntent: string,
    {
      amount = this.intents.get(paymentIntent)?.amount_received ?? 0,
      reason = 'product_not_received',
      created = Math.floor(Date.now() / 1000),
    } = {},
  ): StandInDispute {
    this.counter += 1;
    return {
      id: `dp_${this.counter}`,
      object: 'dispute',
      payment_intent: paymentIntent,
      charge: chargeIdOf(paymentIntent),
      amount,
      currency: 'usd',
      reason,
      status: 'needs_response',
      created,
      evidence_details: { due_by: created + 7 * 24 * 3600 },
      livemode: false,
    };
  }

  /** The refunds of this PaymentIntent that stand (not failed). */
  private standingRefunds(paymentIntent: string) {
    return this.refunds.filter((r) => r.payment_intent === paymentIntent && r.status !== 'failed');
  }

  /** The charge of this PaymentIntent as Stripe shows it, with all refunded of it so far. */
  charge(paymentIntent: string): StandInCharge {
    const intent = this.intents.get(paymentIntent)!;
    const refunded = this.standingRefunds(paymentIntent).reduce((sum, refund) => sum + refund.amount, 0);
    return {
      id: chargeIdOf(paymentIntent),
      object: 'charge',
      payment_intent: paymentIntent,
      amount: intent.amount_received,
      amount_refunded: refunded,
      refunded: refunded >= intent.amount_received,
    };
  }

  /** A webhook delivery of `type` for this intent, charge, refund or dispute as Stripe would send it: body and signature header. */
  event(
    type: string,
    object: StandInIntent | StandInCharge | StandInRefund | StandInDispute,
    options: { timestamp?: number; secret?: string; created?: number } = {},
  ) {
    this.counter += 1;
    const payload = JSON.stringify({
      id: `evt_${this.counter}`,
      object: 'event',
      type,
      created: options.created ?? Math.floor(Date.now() / 1000),
      data: { object: { ...object } },
    });
    const header = new Stripe('sk_test_stand_in').webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? StripeStandIn.webhookSecret,
      ...(options.timestamp ? { timestamp: options.timestamp } : {}),
    });
    return { payload, header };
  }

  private async handle(req: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = new URLSearchParams(Buffer.concat(chunks).toString());
    const path = (req.url ?? '').split('?')[0]!;
    const key = req.headers['idempotency-key'] as string | undefined;
    this.requests.push({ method: req.method!, path, idempotencyKey: key });
    if (req.method === 'POST' && key && this.replays.has(key)) {
      if (path === '/v1/payment_intents') this.replayedCreates += 1;
      return this.replays.get(key)!;
    }
    const answer = this.route(req.method!, path, form);
    if (req.method === 'POST' && key) this.replays.set(key, answer);
    return answer;
  }

  private route(method: string, path: string, form: URLSearchParams): { status: number; body: unknown } {
    const error = (status: number, message: string) => ({
      status,
      body: { error: { type: 'invalid_request_error', message } },
    });
    const refused = form.has('amount') ? amountRefusal(Number(form.get('amount'))) : null;
    if (method === 'POST' && path.startsWith('/v1/payment_intents') && refused) return refused;
    if (method === 'POST' && path === '/v1/payment_intents') {
      this.counter += 1;
      const id = `pi_${this.counter}`;
      const intent: StandInIntent = {
        id,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        amount_received: 0,
        currency: form.get('currency') ?? 'usd',
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${this.counter}`,
        metadata: { orderId: form.get('metadata[orderId]') ?? '' },
        receipt_email: form.get('receipt_email'),
        last_payment_error: null,
        cancellation_reason: null,
      };
      this.intents.set(id, intent);
      return { status: 200, body: intent };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const paymentIntent = form.get('payment_intent') ?? '';
      if (this.standingRefunds(paymentIntent).length > 0) {
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'charge_already_refunded',
              message: `Charge for ${paymentIntent} has already been refunded.`,
            },
          },
        };
      }
      return { status: 200, body: this.refund(paymentIntent) };
    }
    const match = /^\/v1\/payment_intents\/([^/]+)(\/cancel)?$/.exec(path);
    const intent = match ? this.intents.get(match[1]!) : undefined;
    if (!intent) return error(404, 'No such payment_intent');
    if (method === 'GET') return { status: 200, body: intent };
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      return error(400, `This PaymentIntent's status is ${intent.status}`);
    }
    if (match![2]) {
      intent.status = 'canceled';
      intent.cancellation_reason =
        (form.get('cancellation_reason') as StandInIntent['cancellation_reason']) ?? null;
    } else if (form.has('amount')) intent.amount = Number(form.get('amount'));
    return { status: 200, body: intent };
  }
}

/** Stripe's refusal of an amount in US cents it cannot charge: under 50 cents or over eight digits. */
function amountRefusal(amount: number) {
  const refuse = (code: string, message: string) => ({
    status: 400,
    body: { error: { type: 'invalid_request_error', code, param: 'amount', message } },
  });
  if (amount < 50) return refuse('amount_too_small', 'Amount must be at least $0.50 usd');
  if (amount > 99_999_999) return refuse('amount_too_large', 'Amount must be no more than $999,999.99');
  return null;
}

/** The one charge of a PaymentIntent, as this stand-in names it. */
const chargeIdOf = (paymentIntent: string) => `ch_${paymentIntent.slice(3)}`;
