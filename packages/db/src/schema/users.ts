import type { Address } from '@barbershop/contract';
import { ACCESS } from '@barbershop/contract/domain';
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
import { inNameOrder } from './name-order.ts';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    oidcIssuer: text('oidc_issuer').notNull(),
    oidcSubject: text('oidc_subject').notNull(),
    email: text('email').notNull(),
    /**
     * Whether the sign-in provider vouched, at the latest sign-in, that the email is this account's
     * (some let anyone sign in with an address they do not own); null when it last signed in before
     * this was recorded.
     */
    emailVerified: boolean('email_verified'),
    name: text('name').notNull(),
    picture: text('picture').notNull().default(''),
    phone: text('phone'),
    address: jsonb('address').$type<Address>(),
    accessLevel: integer('access_level').notNull().default(0),
    /**
     * Until when one of this customer's checkouts runs (reserving, then asking the payment provider):
     * another waits for it instead of changing the order under it. Null when none does.
     */
    checkoutLeaseUntil: timestamp('checkout_lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_oidc_identity').on(t.oidcIssuer, t.oidcSubject),
    index('users_email').on(sql`lower(${t.email})`),
    // Keyset paging of the dashboard's list, by name.
    index('users_name').on(inNameOrder(t.name), t.email, t.id),
    check('users_access_level', sql`${t.accessLevel} in ${inList(Object.values(ACCESS))}`),
  ],
);

/** Server-side sessions: the cookie carries a random id, the table keeps only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sessions_user').on(t.userId),
    // The housekeeping job's sweep of ended sessions reads only those.
    index('sessions_expires').on(t.expiresAt),
  ],
);
