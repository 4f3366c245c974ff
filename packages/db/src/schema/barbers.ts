import type { Address, OpeningHours } from '@barbershop/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const barbers = pgTable(
  'barbers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    nickname: text('nickname').notNull().default(''),
    /** Media key of the profile picture (see the media storage). */
    photo: text('photo'),
    /** Media keys of the gallery, in order. */
    gallery: jsonb('gallery').$type<string[]>().notNull().default([]),
    address: jsonb('address').$type<Address>().notNull(),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    about: text('about').notNull().default(''),
    instagramUrl: text('instagram_url').notNull().default(''),
    bookingUrl: text('booking_url').notNull().default(''),
    hours: jsonb('hours').$type<OpeningHours>().notNull(),
    rating: doublePrecision('rating').notNull().default(5),
    reviewCount: integer('review_count').notNull().default(0),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
    /** Raised by every save, so a save based on an older version is refused instead of lost. */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('barbers_slug').on(t.slug),
    check('barbers_rating', sql`${t.rating} between 0 and 5`),
    check('barbers_review_count', sql`${t.reviewCount} >= 0`),
  ],
);

export const barberServices = pgTable(
  'barber_services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    barberId: uuid('barber_id')
      .notNull()
      .references(() => barbers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    durationMin: integer('duration_min').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('barber_services_barber').on(t.barberId),
    check('barber_services_price', sql`${t.priceCents} >= 0`),
    check('barber_services_duration', sql`${t.durationMin} > 0`),
  ],
);
