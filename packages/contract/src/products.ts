import { z } from 'zod';
import { ImageSchema } from './barbers.ts';
import { CATEGORIES, ITEM_STATUSES, SIZES } from './domain.ts';
import { EditVersionSchema } from './edit-version.ts';
import { isWholeCents, typedDollars, typedNumber } from './format.ts';
import { requiredText } from './required-text.ts';

/**
 * Words the shop's own product addresses use after /products/: the API's public catalogue, store
 * read and publish and archive toggles, and the dashboard's new-product form. A product named so
 * could not be reached at /products/<its slug> (or adding its walk-in items would toggle another).
 */
export const RESERVED_PRODUCT_SLUGS: ReadonlySet<string> = new Set([
  'published',
  'store',
  'publish',
  'archives',
  'create',
]);

/** Units on hand of one size; the list holds exactly the sizes a product is offered in, in SIZES order. */
export const StockEntrySchema = z.object({ size: z.enum(SIZES), quantity: z.number().int().nonnegative() });
export type StockEntry = z.infer<typeof StockEntrySchema>;

/**
 * A product as the store shows it (GET /products/published, GET /products/store/:name).
 * `pricing` is whole dollars as SPEC.md section 9 says; money elsewhere is cents.
 */
export const CatalogProductSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  pricing: z.number().nonnegative(),
  category: z.enum(CATEGORIES),
  images: z.array(ImageSchema),
  stock: z.array(StockEntrySchema),
});
export type CatalogProduct = z.infer<typeof CatalogProductSchema>;

/**
 * A physical item as staff see it. `owner` is SPEC.md's owner field: '' (N/A), 'owned' (a walk-in
 * sale) or the owning customer's name; `ownerGid` is set when a customer account owns it.
 */
export const ProductItemSchema = z.object({
  _id: z.uuid(),
  size: z.enum(SIZES),
  status: z.enum(ITEM_STATUSES),
  owner: z.string(),
  ownerGid: z.uuid().nullable(),
  orderId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
});
export type ProductItem = z.infer<typeof ProductItemSchema>;

/** A product as the dashboard sees it (GET /products): drafts and archived ones too. */
export const AdminProductSchema = CatalogProductSchema.extend({
  /**
   * The media key of each stored image, in display order: what an edit form sends back as `{ key }`.
   * Empty when the product has none (then `images` holds only the placeholder).
   */
  imageKeys: z.array(z.string()),
  /**
   * Units of each size that checkouts in progress hold (pending orders), on top of `stock`: they are
   * sold when paid for, or go back to `stock` when the checkout lapses. Sizes holding none are left out.
   */
  reserved: z.array(StockEntrySchema),
  published: z.boolean(),
  archived: z.boolean(),
  version: EditVersionSchema,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type AdminProduct = z.infer<typeof AdminProductSchema>;

/** GET /products/:name (staff): the product with every physical item made of it. */
export const AdminProductDetailSchema = AdminProductSchema.extend({ items: z.array(ProductItemSchema) });

/** Items per page of a product's items table in the dashboard, each with its QR code. */
export const ITEMS_PAGE = 50;
export type AdminProductDetail = z.infer<typeof AdminProductDetailSchema>;

/**
 * SPEC.md section 5: a size count that is not a number becomes 0. A number below 0 is refused, not
 * read as 0: "-1" typed to take one damaged unit off would otherwise leave none of the size to sell.
 */
const SizeCount = z.preprocess(
  (value) => {
    const n = typeof value === 'string' ? typedNumber(value) : value;
    return typeof n === 'number' && Number.isFinite(n) ? Math.trunc(n) + 0 : 0;
  },
  z
    .number()
    .int()
    .min(0, 'Stock cannot be below 0: type how many are left to sell')
    .max(100_000, 'Stock must be 100,000 or fewer for each size'),
);

/** The largest image file an upload takes; the picker refuses larger ones before sending anything. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const IMAGE_TOO_LARGE = 'Images must be 10 MB or smaller.';
/** The most pixels (width x height) an image may have: the server refuses larger ones before decoding. */
export const MAX_IMAGE_PIXELS = 40_000_000;
/**
 * How many times its short side an image's long side may be. A strip that thin is no photo, its
 * largest rendition would pass WebP's 16,383-pixel limit, and decoding a 1 x 39,000,000 one took a
 * minute of the server's one image worker.
 */
export const MAX_IMAGE_ASPECT_RATIO = 10;
/** The image types the server stores (it judges by content; the picker by the type the browser gives). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'] as const;

/**
 * Where each image of the saved product comes from, in display order: a stored image kept by its
 * media key, or the n-th uploaded file of the request's `images` part.
 */
export const ImageSlotSchema = z.union([
  z.strictObject({ key: z.string().regex(/^images\/[0-9a-f]{20}$/, 'is not a stored image') }),
  z.strictObject({ upload: z.number().int().min(0).max(9) }),
]);
export type ImageSlot = z.infer<typeof ImageSlotSchema>;

const ProductFields = {
  name: requiredText('Name', 80),
  description: requiredText('Description', 4000, 'several'),
  // Typed as text (SPEC.md section 3): an empty field is a missing price, never $0.
  pricing: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? typedDollars(value) : value),
    z
      .number({
        error: (issue) =>
          issue.input === undefined || (typeof issue.input === 'string' && !issue.input.trim())
            ? 'Pricing is required'
            : 'Pricing must be in dollars, such as 25 or 1,200.50',
      })
      .min(0, 'Pricing must be 0 or more')
      .max(100_000, 'Pricing must be $100,000 or less')
      .refine(isWholeCents, 'Pricing must be in whole cents'),
  ),
  category: z.enum(CATEGORIES, { error: 'Category must be Hats, Shirts or Hoodies' }),
  /** Units on hand per size; a size left out is not offered. */
  sizes: z.partialRecord(z.enum(SIZES), SizeCount),
  published: z.boolean(),
  /** Image order; without it, the uploaded files in the order sent (create) or the images unchanged (edit). */
  images: z.array(ImageSlotSchema).max(10, 'At most 10 images'),
};

/** The `form` part of POST /products (SPEC.md section 5: name, description, pricing, category required). */
export const CreateProductSchema = z.strictObject({
  ...ProductFields,
  sizes: ProductFields.sizes.default({}),
  published: ProductFields.published.default(false),
  images: ProductFields.images.optional(),
});
export type CreateProduct = z.infer<typeof CreateProductSchema>;

/** The `form` part of PUT /products/:name: any field, plus the version the editor started from. */
export const UpdateProductSchema = z.strictObject({
  name: ProductFields.name.optional(),
  description: ProductFields.description.optional(),
  pricing: ProductFields.pricing.optional(),
  category: ProductFields.category.optional(),
  sizes: ProductFields.sizes.optional(),
  /**
   * The counts the editor started from, sent with `sizes`: each count then moves by what the editor
   * changed, so units checkouts took or expiries returned while the form was open are not undone.
   */
  stockSeen: ProductFields.sizes.optional(),
  images: ProductFields.images.optional(),
  version: EditVersionSchema,
});
export type UpdateProduct = z.infer<typeof UpdateProductSchema>;

/** PATCH /products/:name/items/:itemId: an item's status, or its walk-in owner label (N/A or Owned). */
export const UpdateItemSchema = z
  .strictObject({ status: z.enum(ITEM_STATUSES).optional(), owner: z.enum(['', 'owned']).optional() })
  .refine((v) => v.status !== undefined || v.owner !== undefined, 'Send status or owner');
export type UpdateItem = z.infer<typeof UpdateItemSchema>;

/**
 * POST /products/publish/:name and /products/archives/:name: the state the staff member's button
 * showed them choosing. Without a body each flips its flag (SPEC.md section 7's toggle); with one, a
 * second click from a page opened before someone else's sets what it says instead of undoing it.
 */
export const SetPublishedSchema = z.strictObject({ published: z.boolean() });
export type SetPublished = z.infer<typeof SetPublishedSchema>;
export const SetArchivedSchema = z.strictObject({ archived: z.boolean() });
export type SetArchived = z.infer<typeof SetArchivedSchema>;

/** POST /products/:name/items: walk-in items of one size, owned by no account ('' N/A or 'owned'). */
export const AddItemsSchema = z.strictObject({
  size: z.enum(SIZES),
  count: z
    .number({ error: 'Count must be a number' })
    .int('Count must be a whole number')
    .min(1, 'Add at least 1')
    .max(50, 'At most 50 at a time'),
  owner: z.enum(['', 'owned']).default('owned'),
});
export type AddItems = z.infer<typeof AddItemsSchema>;

/**
 * GET /products/:product/:item: one physical item, a certificate of ownership. `ownerFirstName` is
 * sent only to the owner and to staff; everyone else learns only whether it is owned.
 */
export const ItemCertificateSchema = z.object({
  product: z.object({
    _id: z.uuid(),
    name: z.string(),
    slug: z.string(),
    images: z.array(ImageSchema),
    /** Whether the product is still in the store (otherwise its page answers 404). The item's page stays. */
    inStore: z.boolean(),
  }),
  item: z.object({
    _id: z.uuid(),
    size: z.enum(SIZES),
    status: z.enum(ITEM_STATUSES),
    owned: z.boolean(),
    ownerFirstName: z.string().nullable(),
    createdAt: z.iso.datetime(),
  }),
});
export type ItemCertificate = z.infer<typeof ItemCertificateSchema>;

/** Units per size. */
export type SizeCounts = Partial<Record<(typeof SIZES)[number], number>>;

/** A size whose edit takes off more than checkouts left while the form was open. */
export type StockShortfall = { size: (typeof SIZES)[number]; seen: number; today: number; wanted: number };

/**
 * The counts a stock edit leaves: a size the editor had loaded moves from today's count by what the
 * editor changed, so what checkouts took or expiries returned while the form was open stands; a
 * size new to the editor, or gone meanwhile, takes the editor's count; sizes left out go. Where more
 * is taken off than checkouts left, the size is `short`: at 0 the units those checkouts hold would
 * come back on top if they lapsed, more than the editor meant to have. The server refuses such an
 * edit; the form, told so, shows today's counts moved by the same rule.
 */
export function movedStock(
  wanted: SizeCounts,
  seen: SizeCounts | undefined,
  today: SizeCounts,
): { counts: SizeCounts; short: StockShortfall[] } {
  const counts: SizeCounts = {};
  const short: StockShortfall[] = [];
  for (const [size, count = 0] of Object.entries(wanted) as [(typeof SIZES)[number], number | undefined][]) {
    const before = seen?.[size];
    const now = today[size];
    if (before === undefined || now === undefined) {
      counts[size] = count;
      continue;
    }
    const after = now + count - before;
    if (after < 0) short.push({ size, seen: before, today: now, wanted: count });
    counts[size] = after;
  }
  return { counts, short };
}
