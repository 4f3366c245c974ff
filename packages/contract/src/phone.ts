import { z } from 'zod';

/**
 * The phone a shop or a barber is reached at, shown on the public pages with a Call link: any format
 * (a shop may be abroad), 7 to 30 characters of which at least 7 are digits, since the link dials the
 * digits alone. An empty field and a too-short one are told apart, so the message names what to fix.
 */
export const ContactPhoneSchema = z
  .string()
  .trim()
  .min(7, {
    error: (issue) => (issue.input === '' ? 'Phone is required' : 'Phone must be at least 7 characters'),
    abort: true,
  })
  .max(30, { error: 'Phone must be at most 30 characters', abort: true })
  .refine((phone) => (phone.match(/\d/g)?.length ?? 0) >= 7, 'Phone must have at least 7 digits');
