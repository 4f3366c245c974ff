import { z } from 'zod';
import { AddressInputSchema, AddressSchema } from './address.ts';
import { OpeningHoursSchema, WeeklyHoursSchema } from './barbers.ts';
import { EditVersionSchema } from './edit-version.ts';
import { ContactEmailSchema } from './email.ts';
import { oneLineText } from './format.ts';
import { ContactPhoneSchema } from './phone.ts';
import { requiredText } from './required-text.ts';

/** How many policies the shop states, and how long each may be (a line of the settings form each). */
export const POLICIES_MAX = 20;
export const POLICY_MAX_LENGTH = 300;

/**
 * The shop's policies as the settings form sends them, a line each: blank lines are dropped and a line
 * said twice is kept once. A line's refusal names its place among all the lines sent (`policies.3`).
 */
const PoliciesSchema = z
  .array(
    z
      .string({ error: 'Each policy must be text' })
      .overwrite(oneLineText)
      .max(POLICY_MAX_LENGTH, `Each policy must be ${POLICY_MAX_LENGTH} characters or fewer`),
    { error: 'Policies must be a list of lines' },
  )
  .transform((lines) => [...new Set(lines.filter(Boolean))])
  .pipe(z.array(z.string()).max(POLICIES_MAX, `At most ${POLICIES_MAX} policies`));

export const SocialLinkSchema = z.object({ label: z.string().min(1), url: z.url() });
export type SocialLink = z.infer<typeof SocialLinkSchema>;

export const ShopSchema = z.object({
  name: z.string().min(1),
  phone: z.string().min(7),
  email: z.email(),
  address: AddressSchema,
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  socialLinks: z.array(SocialLinkSchema),
  policies: z.array(z.string()),
  /** The shop's own opening hours (each barber keeps theirs). */
  hours: OpeningHoursSchema,
  /** Fraction of the subtotal charged as sales tax, e.g. 0.029; shown at checkout when above 0. */
  salesTaxRate: z.number().min(0).max(0.5),
  version: EditVersionSchema,
  /**
   * False until an administrator first saves the settings: the phone, email and address are a fresh
   * install's stand-ins then, which the public pages leave out rather than offer as the shop's.
   */
  configured: z.boolean(),
});
export type Shop = z.infer<typeof ShopSchema>;

/** PUT /shop (admin): any of the settings, plus the version the editor started from. */
export const UpdateShopSchema = z
  .strictObject({
    name: requiredText('Name', 80),
    phone: ContactPhoneSchema,
    email: ContactEmailSchema,
    address: AddressInputSchema,
    lat: z.number().min(-90).max(90).nullable(),
    lng: z.number().min(-180).max(180).nullable(),
    // http(s) only: the footer links to each one, by its label (a label of spaces made a link with no name).
    socialLinks: z
      .array(
        SocialLinkSchema.extend({
          label: requiredText('Label', 40),
          url: z.httpUrl('must be a full URL (https://…)'),
        }).strict(),
      )
      .max(10),
    policies: PoliciesSchema,
    hours: WeeklyHoursSchema,
    salesTaxRate: z
      .number({ error: 'Sales tax rate must be a number' })
      .min(0, 'Sales tax rate must be 0% or more')
      .max(0.5, 'Sales tax rate must be at most 50%'),
  })
  .partial()
  .extend({ version: EditVersionSchema })
  .refine(({ version: _, ...changes }) => Object.keys(changes).length > 0, 'Send at least one setting');
export type UpdateShop = z.infer<typeof UpdateShopSchema>;
