import { z } from 'zod';
import { ORDER_STATUSES, SIZES } from './domain.ts';
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from './order-rules.ts';

/** One cart line as the client sends it: what and how many, never a price (DESIGN.md section 6). */
export const PaymentLineSchema = z.object({
  _id: z.uuid(),
  size: z.enum(SIZES),
  quantity: z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(MAX_LINE_QUANTITY, `At most ${MAX_LINE_QUANTITY} of one product and size per order`),
});
export type PaymentLine = z.infer<typeof PaymentLineSchema>;

/** POST /payment/create-payment-intent. Extra fields of a cart line (name, pricing...) are ignored. */
export const CreatePaymentIntentSchema = z.object({
  products: z
    .array(PaymentLineSchema)
    .min(1, 'The cart is empty')
    .max(
      MAX_ORDER_LINES,
      `At most ${MAX_ORDER_LINES} different products and sizes per order: remove some from your cart.`,
    ),
  /** The pending order of an earlier attempt: its reservation is replaced, not doubled. */
  orderId: z.uuid().nullish(),
});
export type CreatePaymentIntent = z.infer<typeof CreatePaymentIntentSchema>;

/** The answer: what the payment form needs, and the amounts computed from the database (cents). */
export const PaymentIntentSchema = z.object({
  clientSecret: z.string(),
  orderId: z.uuid(),
  provider: z.enum(['stripe', 'demo']),
  subtotal: z.number().int().nonnegative(),
  salesTax: z.number().int().nonnegative(),
  shippingCost: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  /** When the reservation ends unless paid. */
  expiresAt: z.iso.datetime(),
});
export type PaymentIntent = z.infer<typeof PaymentIntentSchema>;

/** POST /payment/demo/confirm: the demo provider's stand-in for a card confirmation. */
export const DemoConfirmSchema = z.object({ orderId: z.uuid() });
export type DemoConfirm = z.infer<typeof DemoConfirmSchema>;

/** The answer of POST /payment/demo/confirm: the order, now paid. */
export const PaymentConfirmationSchema = z.object({ orderId: z.uuid(), status: z.enum(ORDER_STATUSES) });
export type PaymentConfirmation = z.infer<typeof PaymentConfirmationSchema>;
