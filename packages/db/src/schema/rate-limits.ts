import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Request counters shared by every server copy, so a rate limit holds behind a load balancer. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
