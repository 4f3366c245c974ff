import { z } from 'zod';
import { AddressSchema } from './address.ts';
import { ImageSchema } from './barbers.ts';
import { DELIVERY_METHODS, ITEM_STATUSES, ORDER_STATUSES, SIZES } from './domain.ts';

/** One row of GET /orders (SPEC.md section 7): amounts in cents. */
export const OrderSummarySchema = z.object({
  _id: z.uuid(),
  date: z.iso.datetime(),
  status: z.enum(ORDER_STATUSES),
  total: z.number().int().nonnegative(),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

/** A printed item made for an order line; its page is /store/{slug}/{_id}. */
export const OrderItemSchema = z.object({
  _id: z.uuid(),
  size: z.enum(SIZES),
  status: z.enum(ITEM_STATUSES),
});
export type OrderItem = z.infer<typeof OrderItemSchema>;

/**
 * What was bought, as it was when bought; `slug` links to the product's current page while it is
 * `inStore` (published, not archived or deleted). Its items' pages stay either way.
 */
export const OrderLineSchema = z.object({
  _id: z.uuid(),
  productId: z.uuid(),
  name: z.string(),
  slug: z.string(),
  inStore: z.boolean(),
  image: ImageSchema,
  size: z.enum(SIZES),
  unitPrice: z.number().int().nonnegative(),
  quantity: z.number().int().positive(),
  items: z.array(OrderItemSchema),
});
export type OrderLine = z.infer<typeof OrderLineSchema>;

export const OrderLogEntrySchema = z.object({
  at: z.iso.datetime(),
  message: z.string(),
  /** Who made the change, or null for the system (payments, expiry). */
  actor: z.string().nullable(),
});
export type OrderLogEntry = z.infer<typeof OrderLogEntrySchema>;

export const ShippingSchema = z.object({
  name: z.string(),
  cost: z.number().int().nonnegative(),
  address: AddressSchema.nullable(),
});
export type Shipping = z.infer<typeof ShippingSchema>;

/** GET /orders/:id: the whole order, every amount in cents (SPEC.md sections 3 and 9). */
export const OrderSchema = OrderSummarySchema.extend({
  deliveryMethod: z.enum(DELIVERY_METHODS),
  user: z.object({ gid: z.uuid(), name: z.string(), email: z.string() }),
  subtotal: z.number().int().nonnegative(),
  salesTax: z.number().int().nonnegative(),
  shippingCost: z.number().int().nonnegative(),
  shipping: ShippingSchema.nullable(),
  products: z.array(OrderLineSchema),
  log: z.array(OrderLogEntrySchema),
});
export type Order = z.infer<typeof OrderSchema>;
