import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Outgoing email, written in the transaction of the change that causes it and sent by a worker
 * (DESIGN.md section 6). `dedupeKey` keeps one message per cause (say, one confirmation per order).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dedupeKey: text('dedupe_key').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /**
     * The From name (the shop's name as its settings gave it when queued; empty: MAIL_FROM's) and the
     * Reply-To address (the shop's email on a customer's email; empty: none).
     */
    fromName: text('from_name').notNull().default(''),
    replyTo: text('reply_to').notNull().default(''),
    /**
     * The order the email is about, if any: the worker sends an order's emails to one recipient in
     * the order they were queued (`createdAt`). No foreign key: the row is a record of what was sent.
     */
    orderId: uuid('order_id'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    /**
     * When the mail server refused the email for good (a 5xx answer to its recipient or its
     * content; `lastError` says which): it is not tried again unless an operator re-queues it.
     */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    /** When it was queued: the moment of the insert (enqueueEmail), which orders an order's emails. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('outbox_dedupe').on(t.dedupeKey),
    index('outbox_due').on(t.nextAttemptAt).where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
    // An order's emails still to go: one queued before a due one holds it back.
    index('outbox_order_waiting').on(t.orderId).where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
    // Every email about an order, sent or not: its dashboard page lists them for staff.
    index('outbox_order').on(t.orderId, t.createdAt),
  ],
);
