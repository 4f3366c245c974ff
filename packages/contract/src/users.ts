import { z } from 'zod';
import { AddressInputSchema, AddressSchema } from './address.ts';
import { ImageSchema } from './barbers.ts';
import { ACCESS, ITEM_STATUSES, SIZES } from './domain.ts';
import { usPhoneDigits } from './format.ts';
import { OrderSummarySchema } from './orders.ts';

/** GET /users/me: the signed-in user, or null (SPEC.md section 3, "Current user"). */
export const CurrentUserSchema = z
  .object({
    gid: z.uuid(),
    name: z.string(),
    email: z.string(),
    picture: z.string(),
    accessLevel: z.number().int(),
  })
  .nullable();
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/** An item someone owns, with the product it is a piece of; its page is /store/{slug}/{_id}. */
export const InventoryItemSchema = z.object({
  _id: z.uuid(),
  size: z.enum(SIZES),
  status: z.enum(ITEM_STATUSES),
  product: z.object({ _id: z.uuid(), name: z.string(), slug: z.string(), image: ImageSchema }),
});
export type InventoryItem = z.infer<typeof InventoryItemSchema>;

/** A row of the dashboard's users list (SPEC.md section 3, "User"). */
export const UserSummarySchema = z.object({
  gid: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  address: AddressSchema.nullable(),
  accessLevel: z.number().int(),
  items: z.array(InventoryItemSchema),
});
export type UserSummary = z.infer<typeof UserSummarySchema>;

/** GET /users/:gid: a user with their orders, for staff. */
/**
 * Another account with a user's email, any case. Each sign-in identity is an account of its own: a
 * customer who lost their Google account and signed in with a new one has a second account, empty,
 * while their orders and items stay with the first. Staff then see both, and neither is merged.
 */
export const SameEmailAccountSchema = z.object({
  gid: z.uuid(),
  name: z.string(),
  createdAt: z.iso.datetime(),
});
export type SameEmailAccount = z.infer<typeof SameEmailAccountSchema>;

export const UserDetailSchema = UserSummarySchema.extend({
  picture: z.string(),
  /**
   * Whether the sign-in provider vouched, at the latest sign-in, that the email is this account's: some
   * let anyone sign in with an address they do not own. Null when not known (not signed in since
   * this was recorded).
   */
  emailVerified: z.boolean().nullable(),
  createdAt: z.iso.datetime(),
  orders: z.array(OrderSummarySchema),
  /** The other accounts with this email, the first joined first. */
  sameEmail: z.array(SameEmailAccountSchema),
});
export type UserDetail = z.infer<typeof UserDetailSchema>;

const AccessLevelSchema = z.union([
  z.literal(ACCESS.customer),
  z.literal(ACCESS.staff),
  z.literal(ACCESS.admin),
]);

/** PATCH /users/:gid (admin): the role and contact details; empty text or a null address clears a field. */
export const UpdateUserSchema = z
  .strictObject({
    accessLevel: AccessLevelSchema.optional(),
    // Shown as (###) ###-#### (SPEC.md section 9): ten digits however written, a leading 1 allowed.
    phone: z
      .string()
      .trim()
      .max(40, 'must be 40 characters or fewer')
      .refine(
        (phone) => !phone || usPhoneDigits(phone) !== null,
        'Phone must be a 10-digit US number, like (719) 555-0123',
      )
      .nullable()
      .optional(),
    address: AddressInputSchema.nullable().optional(),
  })
  .refine((value) => Object.keys(value).length > 0, 'Send at least one of accessLevel, phone, address');
export type UpdateUser = z.infer<typeof UpdateUserSchema>;
