import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';
import { users } from './users.ts';

/**
 * The one-time code that hands a ready pickup order to the right person. Only a keyed hash of the
 * code is kept; a reissue replaces the row (a new id, so a new code) and clears the wrong tries.
 */
export const pickupCodes = pgTable(
  'pickup_codes',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Random per issue; with the server's key it yields the code the customer is shown. */
    id: uuid('id').notNull().defaultRandom(),
    codeHash: text('code_hash').notNull(),
    wrongTries: integer('wrong_tries').notNull().default(0),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    issuedBy: uuid('issued_by').references(() => users.id, { onDelete: 'set null' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [check('pickup_codes_tries', sql`${t.wrongTries} >= 0`)],
);
