import { z } from 'zod';
import { oneLineText } from './format.ts';
import { requiredText } from './required-text.ts';

/** Each field of a postal address with the name forms and error messages give it. */
export const ADDRESS_LABELS = {
  line1: 'Address line 1',
  line2: 'Address line 2',
  city: 'City',
  state: 'State',
  postal_code: 'Postal code',
  country: 'Country',
} as const;
export type AddressField = keyof typeof ADDRESS_LABELS;

/**
 * Every address in the system (shop, barbers, users, shipping) as stored and read. Fields may be
 * empty: an address converted from the free text of before (migration 0004) can hold it all in line1.
 */
export const AddressSchema = z.object({
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  country: z.string(),
});
export type Address = z.infer<typeof AddressSchema>;

/** An address as a form sends it: every field but line2 required, and a missing one named in the message. */
export const AddressInputSchema = AddressSchema.extend({
  line1: requiredText(ADDRESS_LABELS.line1, 200),
  line2: z
    .string()
    .overwrite(oneLineText)
    .max(200, `${ADDRESS_LABELS.line2} must be 200 characters or fewer`)
    .default(''),
  city: requiredText(ADDRESS_LABELS.city, 100),
  state: requiredText(ADDRESS_LABELS.state, 100),
  postal_code: requiredText(ADDRESS_LABELS.postal_code, 20),
  country: requiredText(ADDRESS_LABELS.country, 60).min(2, 'Country must be at least 2 characters, e.g. US'),
}).strict();
export type AddressInput = z.input<typeof AddressInputSchema>;
