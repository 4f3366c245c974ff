import { z } from 'zod';

/** A contact email the shop or a barber shows: required, and an address ('Email is required' when left empty). */
export const ContactEmailSchema = z.email({
  error: (issue) => (issue.input === '' ? 'Email is required' : 'Email is not valid'),
});
