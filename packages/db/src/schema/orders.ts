import type { Shipping } from '@barbershop/contract';
import { DELIVERY_METHODS, ORDER_STATUSES } from '@barbershop/contract/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { inList } from './in-list.ts';
import { products } from './products.ts';
import { users } from './users.ts';

/** The order's shipping, stored as JSON in the shape the API shows (the contract's ShippingSchema). */
export type ShippingSnapshot = Shipping;

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('pending'),
    deliveryMethod: text('delivery_method').notNull().default('pickup'),
    subtotal: integer('subtotal').notNull().default(0),
    salesTax: integer('sales_tax').notNull().default(0),
    shippingCost: integer('shipping_cost').notNull().default(0),
    total: integer('total').notNull().default(0),
    /** Cents refunded so far on the order's payment, as the payment provider counts them (refunds made in its dashboard). */
    refunded: integer('refunded').notNull().default(0),
    /**
     * When the payment provider counted the refunds `refunded` starts from (its latest charge.refunded
     * event's time): an older event delivered later does not replace it. Null until one is reported.
     */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /**
     * Cents the shop paid back outside the payment provider: refunds that failed, which staff then
     * returned another way (cash, a transfer) and said so. Not the provider's, so its events never
     * change it; revenue is the total less this and `refunded`.
     */
    paidBack: integer('paid_back').notNull().default(0),
    /**
     * Cents the card holder's bank took back through disputes the shop lost (Stripe's
     * charge.dispute.closed, status lost); revenue counts it out like a refund.
     */
    chargedBack: integer('charged_back').notNull().default(0),
    shipping: jsonb('shipping').$type<ShippingSnapshot>(),
    paymentProvider: text('payment_provider'),
    paymentId: text('payment_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Why staff must look at this order (e.g. paid after its reservation lapsed and refunded); null when fine. */
    attention: text('attention'),
    /**
     * Since when someone at the shop must act: a refund failed (`attention`; pay the customer back
     * another way, and say so), or a dispute of the payment waits for the shop's answer. Null when
     * nobody must.
     */
    attentionSince: timestamp('attention_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_user').on(t.userId),
    // Keyset paging of the staff list, newest first, over every order or one status (DESIGN.md: 100,000 orders).
    index('orders_created').on(t.createdAt, t.id),
    index('orders_status_created').on(t.status, t.createdAt, t.id),
    // The few orders needing staff, listed and counted without reading the rest.
    index('orders_attention_created').on(t.createdAt, t.id).where(sql`${t.attentionSince} is not null`),
    uniqueIndex('orders_payment').on(t.paymentProvider, t.paymentId),
    check('orders_status_values', sql`${t.status} in ${inList(ORDER_STATUSES)}`),
    check('orders_delivery_method', sql`${t.deliveryMethod} in ${inList(DELIVERY_METHODS)}`),
    check(
      'orders_money',
      sql`${t.subtotal} >= 0 and ${t.salesTax} >= 0 and ${t.shippingCost} >= 0 and ${t.total} >= 0 and ${t.refunded} >= 0 and ${t.paidBack} >= 0 and ${t.chargedBack} >= 0`,
    ),
  ],
);

/** Snapshots of what was bought, so order history survives product edits and deletion. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    name: text('name').notNull(),
    image: text('image').notNull().default(''),
    size: text('size').notNull(),
    unitPrice: integer('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    index('order_lines_order').on(t.orderId),
    index('order_lines_image').on(t.image),
    check('order_lines_quantity', sql`${t.quantity} between 1 and 10`),
    check('order_lines_price', sql`${t.unitPrice} >= 0`),
  ],
);

export const orderLog = pgTable(
  'order_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
  },
  (t) => [index('order_log_order').on(t.orderId)],
);

/**
 * Refunds of an order's payment that the payment provider took and then could not pay out (Stripe's
 * failed refunds), one row per refund whichever events report it. A charge.refunded figure counted
 * between a refund's making and its failure includes it: `orders.refunded` leaves these out.
 */
export const failedRefunds = pgTable(
  'failed_refunds',
  {
    /** The provider's refund id. */
    id: text('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    madeAt: timestamp('made_at', { withTimezone: true }).notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull(),
    /** When staff said they paid this refund back another way (orders.paid_back); null until then. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [index('failed_refunds_order').on(t.orderId), check('failed_refunds_amount', sql`${t.amount} >= 0`)],
);

/**
 * A card holder's disputes of an order's payment (Stripe's Disputes), one row per dispute, as its
 * latest event says: the shop answers them in Stripe's dashboard, and a lost one's amount is the
 * order's `chargedBack`.
 */
export const disputes = pgTable(
  'disputes',
  {
    /** The provider's dispute id. */
    id: text('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    /** The provider's status (the contract's DISPUTE_STATUSES, or one it adds later). */
    status: text('status').notNull(),
    /** The time of the event `status` is from: an older event delivered later changes nothing. */
    statusAt: timestamp('status_at', { withTimezone: true }).notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    evidenceDueBy: timestamp('evidence_due_by', { withTimezone: true }),
    /** A dispute of Stripe's test mode, answered on its dashboard's test side. */
    livemode: boolean('livemode').notNull(),
  },
  (t) => [index('disputes_order').on(t.orderId), check('disputes_amount', sql`${t.amount} >= 0`)],
);

/** Payment provider events already handled: makes webhooks idempotent. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
