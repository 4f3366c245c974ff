import type { PaymentIntent, PaymentLine } from '@barbershop/contract';
import { expect } from 'vitest';
import type { TestApp } from './app.ts';

/**
 * Pays for `products` as the signed-in customer of `cookie` does at checkout, through the routes
 * and the demo provider, so the order's emails are queued as in the real server: answers its id.
 */
export async function payWithDemo(app: TestApp, cookie: string, products: PaymentLine[]): Promise<string> {
  const intent = await app.inject({
    method: 'POST',
    url: '/api/payment/create-payment-intent',
    headers: { cookie },
    payload: { products },
  });
  expect(intent.statusCode).toBe(200);
  const { orderId } = intent.json<PaymentIntent>();
  const paid = await app.inject({
    method: 'POST',
    url: '/api/payment/demo/confirm',
    headers: { cookie },
    payload: { orderId },
  });
  expect(paid.statusCode).toBe(200);
  return orderId;
}
