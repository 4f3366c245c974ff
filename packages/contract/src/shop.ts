import { z } from 'zod';
import { OpeningHoursSchema } from './barbers.ts';

export const AddressSchema = z.object({
  line1: z.string().min(1),
  line2: z.string().default(''),
  city: z.string().min(1),
  state: z.string().min(1),
  postal_code: z.string().min(1),
  country: z.string().min(2),
});
export type Address = z.infer<typeof AddressSchema>;

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
});
export type Shop = z.infer<typeof ShopSchema>;
