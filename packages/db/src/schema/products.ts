import { CATEGORIES, ITEM_STATUSES, SIZES } from '@barbershop/contract/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { inList } from './in-list.ts';
import { users } from './users.ts';

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    category: text('category').notNull(),
    published: boolean('published').notNull().default(false),
    archived: boolean('archived').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Raised by every save, so a save based on an older version is refused instead of lost. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Names are unique among live products only, so a deleted product frees its name.
    uniqueIndex('products_name_live').on(sql`lower(${t.name})`).where(sql`${t.deletedAt} is null`),
    uniqueIndex('products_slug_live').on(t.slug).where(sql`${t.deletedAt} is null`),
    check('products_price', sql`${t.priceCents} >= 0`),
    check('products_category', sql`${t.category} in ${inList(CATEGORIES)}`),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    mediaKey: text('media_key').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.position] }),
    index('product_images_media_key').on(t.mediaKey),
  ],
);

export const productStock = pgTable(
  'product_stock',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: text('size').notNull(),
    quantity: integer('quantity').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.size] }),
    check('product_stock_quantity', sql`${t.quantity} >= 0`),
    check('product_stock_size', sql`${t.size} in ${inList(SIZES)}`),
  ],
);

/** One physical, printed piece of merchandise: what a customer owns after buying. */
export const productItems = pgTable(
  'product_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    size: text('size').notNull(),
    status: text('status').notNull().default('printing'),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'owned' or '' for walk-in sales without an account (SPEC.md section 4, "Item owner"). */
    ownerLabel: text('owner_label').notNull().default(''),
    orderId: uuid('order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('product_items_product').on(t.productId),
    index('product_items_owner').on(t.ownerUserId),
    index('product_items_order').on(t.orderId),
    check('product_items_status', sql`${t.status} in ${inList(ITEM_STATUSES)}`),
    check('product_items_size', sql`${t.size} in ${inList(SIZES)}`),
  ],
);
