import { z } from 'zod';
import { AddressInputSchema } from './address.ts';
import { BarberSchema, WeeklyHoursSchema } from './barbers.ts';
import { ORDER_STATUSES, SIZES } from './domain.ts';
import { EditVersionSchema } from './edit-version.ts';
import { ContactEmailSchema } from './email.ts';
import { composedText, isWholeCents, oneLineText } from './format.ts';
import { ContactPhoneSchema } from './phone.ts';
import { ImageSlotSchema } from './products.ts';
import { requiredText } from './required-text.ts';

/** A barber as the dashboard sees it: inactive ones too, with the media keys an edit form sends back. */
export const AdminBarberSchema = BarberSchema.extend({
  active: z.boolean(),
  position: z.number().int(),
  photoKey: z.string().nullable(),
  galleryKeys: z.array(z.string()),
  version: EditVersionSchema,
});
export type AdminBarber = z.infer<typeof AdminBarberSchema>;

// http(s) only: a `javascript:` or `data:` address would be a link on the public pages.
const UrlOrEmpty = z.union([z.literal(''), z.httpUrl('must be a full URL (https://…) or empty')]);

const BarberServiceInputSchema = z.strictObject({
  name: requiredText('Service name', 80),
  description: z
    .string()
    .overwrite(oneLineText)
    .max(500, 'Service description must be 500 characters or fewer')
    .default(''),
  /** Dollars, as the public barber page shows them. */
  price: z
    .number({ error: 'Price must be in dollars, such as 40 or 42.50' })
    .min(0, 'Price must be 0 or more')
    .max(10_000, 'Price must be $10,000 or less')
    .refine(isWholeCents, 'Price must be in whole cents'),
  /** Minutes. */
  duration: z
    .number({ error: 'Duration must be a number of minutes' })
    .int('Duration must be whole minutes')
    .min(5, 'Duration must be at least 5 minutes')
    .max(600, 'Duration must be at most 600 minutes'),
});

const BarberFields = {
  name: requiredText('Name', 80),
  nickname: z.string().overwrite(oneLineText).max(40, 'Nickname must be 40 characters or fewer'),
  address: AddressInputSchema,
  /** Manual coordinates; used when the address cannot be geocoded (no geocoder configured, or no match). */
  lat: z
    .number({ error: 'Latitude must be a number' })
    .min(-90, 'Latitude must be between -90 and 90')
    .max(90, 'Latitude must be between -90 and 90')
    .nullable(),
  lng: z
    .number({ error: 'Longitude must be a number' })
    .min(-180, 'Longitude must be between -180 and 180')
    .max(180, 'Longitude must be between -180 and 180')
    .nullable(),
  phone: ContactPhoneSchema,
  email: ContactEmailSchema,
  about: z.string().overwrite(composedText).max(2000, 'About must be 2000 characters or fewer'),
  instagramUrl: UrlOrEmpty,
  /** The external booking page (SPEC.md's booksyUrl). */
  booksyUrl: UrlOrEmpty,
  hours: WeeklyHoursSchema,
  services: z.array(BarberServiceInputSchema).max(30),
  rating: z
    .number({ error: 'Rating must be a number' })
    .min(0, 'Rating must be between 0 and 5')
    .max(5, 'Rating must be between 0 and 5'),
  reviewCount: z
    .number({ error: 'Review count must be a number' })
    .int('Review count must be a whole number')
    .min(0, 'Review count must be 0 or more')
    // The column is a 32-bit integer: past it the database refused with "something went wrong".
    .max(1_000_000, 'Review count must be 1,000,000 or fewer'),
  active: z.boolean(),
  /** Display order, lowest first. */
  position: z
    .number({ error: 'Position must be a number' })
    .int('Position must be a whole number')
    .min(0, 'Position must be 0 or more')
    .max(1000, 'Position must be 1000 or less'),
  /** The portrait: a stored image by key, an uploaded file, or null for none. */
  photo: ImageSlotSchema.nullable(),
  gallery: z.array(ImageSlotSchema).max(6, 'At most 6 gallery images'),
};

/** The `form` part of POST /barbers (multipart, files in `images`, like products). */
export const CreateBarberSchema = z.strictObject({
  ...BarberFields,
  nickname: BarberFields.nickname.default(''),
  lat: BarberFields.lat.default(null),
  lng: BarberFields.lng.default(null),
  about: BarberFields.about.default(''),
  instagramUrl: BarberFields.instagramUrl.default(''),
  booksyUrl: BarberFields.booksyUrl.default(''),
  services: BarberFields.services.default([]),
  rating: BarberFields.rating.default(5),
  reviewCount: BarberFields.reviewCount.default(0),
  active: BarberFields.active.default(true),
  /** Left out: after every barber there is, so the tabs (and their `?index=` links) keep their places. */
  position: BarberFields.position.optional(),
  photo: BarberFields.photo.default(null),
  gallery: BarberFields.gallery.default([]),
});
export type CreateBarber = z.infer<typeof CreateBarberSchema>;

/** The `form` part of PUT /barbers/:gid: any field, plus the version the editor started from. */
export const UpdateBarberSchema = z
  .strictObject(BarberFields)
  .partial()
  .extend({ version: EditVersionSchema });
export type UpdateBarber = z.infer<typeof UpdateBarberSchema>;

const PeriodSchema = z.object({
  /**
   * Cents of paid orders (any status but pending and canceled), less what went back: refunds, money
   * paid back another way, disputes lost. Below zero when more went back than came in (a refunded
   * payment lost to a dispute too).
   */
  revenue: z.number().int(),
  orders: z.number().int().nonnegative(),
});

/** GET /dashboard/overview. Days are the shop's (SHOP_TIME_ZONE), as dates are shown (contract format.ts). */
export const OverviewSchema = z.object({
  generatedAt: z.iso.datetime(),
  revenue: z.object({ today: PeriodSchema, last7Days: PeriodSchema, last30Days: PeriodSchema }),
  /**
   * Orders waiting on the shop: paid ones processing (to print), ready (for pickup), shipped (on the
   * way), and any order needing staff.
   */
  waiting: z.object({
    processing: z.number().int().nonnegative(),
    ready: z.number().int().nonnegative(),
    shipped: z.number().int().nonnegative(),
    /** Orders someone at the shop must act on (a refund that failed: pay the customer back). */
    attention: z.number().int().nonnegative(),
  }),
  /** Sizes of published, non-archived products with `threshold` units or fewer on hand, fewest first. */
  lowStock: z.object({
    threshold: z.number().int(),
    sizes: z.array(
      z.object({
        productId: z.uuid(),
        name: z.string(),
        slug: z.string(),
        size: z.enum(SIZES),
        quantity: z.number().int().nonnegative(),
      }),
    ),
  }),
  /** The 10 newest orders past checkout (pending ones are carts still being paid for). */
  recentOrders: z.array(
    z.object({
      _id: z.uuid(),
      date: z.iso.datetime(),
      status: z.enum(ORDER_STATUSES),
      total: z.number().int().nonnegative(),
      customer: z.string(),
    }),
  ),
  /** The last 30 days, oldest first, today last; days without sales are there with zeros. */
  dailyRevenue: z.array(PeriodSchema.extend({ date: z.iso.date() })),
});
export type Overview = z.infer<typeof OverviewSchema>;
