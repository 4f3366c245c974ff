import {
  CreatePaymentIntentSchema,
  DemoConfirmSchema,
  PaymentConfirmationSchema,
  PaymentIntentSchema,
} from '@barbershop/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { AppError } from '../../plugins/errors.ts';
import { perUserLimit } from '../../plugins/rate-limit.ts';
import { notifyOf } from '../orders/order-lifecycle.ts';
import { type PaymentProvider, stripeClient } from './payment-provider.ts';
import { confirmDemoPayment, createPaymentIntent, handleStripeEvent } from './payments.service.ts';

export type PaymentsRoutesOptions = { config: Config; provider: PaymentProvider };

/** Checkout, the provider's webhook, and the demo provider's stand-in for a card. */
export async function paymentsRoutes(app: FastifyInstance, { config, provider }: PaymentsRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const notify = notifyOf(config);

  r.post(
    '/payment/create-payment-intent',
    {
      config: {
        access: 'signedIn',
        // Each call takes stock and may create a PaymentIntent.
        rateLimit: perUserLimit(
          config.paymentRateLimit,
          'Too many payment attempts. Wait a minute and try again.',
        ),
      },
      schema: {
        tags: ['payments'],
        summary:
          "Reserves the cart for the caller's one pending order and creates or updates its payment (amounts in cents from the database); 409 when a size is short",
        body: CreatePaymentIntentSchema,
        response: { 200: PaymentIntentSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return createPaymentIntent(app.db, provider, request.user!, request.body, config.salesTaxRate);
    },
  );

  r.post(
    '/payment/demo/confirm',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['payments'],
        summary:
          "The demo provider's card confirmation: pays the caller's pending order (404 when Stripe is on)",
        body: DemoConfirmSchema,
        response: { 200: PaymentConfirmationSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return confirmDemoPayment(app.db, provider, request.user!, request.body.orderId, notify);
    },
  );

  // The signature covers the exact bytes sent, so this route alone reads its body raw.
  await app.register(async (webhook) => {
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    const stripe = config.stripe
      ? { client: await stripeClient(config.stripe), secret: config.stripe.webhookSecret }
      : null;
    webhook.withTypeProvider<ZodTypeProvider>().post(
      '/payment/webhook',
      {
        config: { access: 'public', crossSite: true },
        schema: {
          tags: ['payments'],
          summary: "Stripe's events, signature checked on the raw body (404 without Stripe)",
          response: { 200: z.object({ received: z.literal(true) }) },
        },
      },
      async (request) => {
        if (!stripe) throw new AppError('not_found', 'Stripe is not configured.');
        const signature = request.headers['stripe-signature'];
        let event: Stripe.Event;
        try {
          event = stripe.client.webhooks.constructEvent(
            request.body as Buffer,
            typeof signature === 'string' ? signature : '',
            stripe.secret,
          );
        } catch {
          throw new AppError('bad_request', 'stripe-signature: the signature does not match the body');
        }
        await handleStripeEvent(app.db, provider, event, notify);
        return { received: true as const };
      },
    );
  });
}
