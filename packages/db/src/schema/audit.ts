import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Who changed what and from what: one row per staff change, written in the change's transaction. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** What made a change no signed-in person made: the operator's command (`npm run user:role`). */
    tool: text('tool'),
    /** product, stock, item, barber, shop, user, order */
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_entity').on(t.entity, t.entityId),
    index('audit_log_at').on(t.at),
    // The activity page filtered by person, newest first.
    index('audit_log_actor').on(t.actorUserId, t.at),
    // A product's former addresses, for the store's look-up of an address it does not know (any
    // visitor's or crawler's typo reaches it).
    index('audit_log_product_renames')
      .on(sql`(${t.before}->>'slug')`)
      .where(sql`${t.entity} = 'product' and ${t.action} = 'update'`),
  ],
);
