import type { Address, OpeningHours, SocialLink } from '@barbershop/contract';
import { sql } from 'drizzle-orm';
import { check, doublePrecision, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';

/** The shop's settings: exactly one row (id = 1). */
export const shop = pgTable(
  'shop',
  {
    id: integer('id').primaryKey().default(1),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    address: jsonb('address').$type<Address>().notNull(),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    socialLinks: jsonb('social_links').$type<SocialLink[]>().notNull().default([]),
    policies: jsonb('policies').$type<string[]>().notNull().default([]),
    hours: jsonb('hours').$type<OpeningHours>().notNull().default({
      monday: [],
      tuesday: [],
      wednesday: [],
      thursday: [],
      friday: [],
      saturday: [],
      sunday: [],
    }),
    salesTaxRate: doublePrecision('sales_tax_rate').notNull().default(0),
    /** Raised by every save, so a save based on an older version is refused instead of lost. */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    check('shop_single_row', sql`${t.id} = 1`),
    check('shop_sales_tax_rate', sql`${t.salesTaxRate} >= 0 and ${t.salesTaxRate} <= 0.5`),
  ],
);
