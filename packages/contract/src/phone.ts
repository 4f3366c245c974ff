import { z } from 'zod';

/**
 * The phone a shop or a barber is reached at, shown on the public pages: any format (a shop may be
 * abroad), 7 to 30 characters. An empty field and a too-short one are told apart, so the message names
 * what to fix.
 */
export const ContactPhoneSchema = z
  .string()
  .trim()
  .min(7, {
    error: (issue) => (issue.input === '' ? 'Phone is required' : 'Phone must be at least 7 characters'),
  })
  .max(30, 'Phone must be at most 30 characters');
