import { z } from 'zod';

/**
 * A text field a form must fill in: left out, blank or too long, the message names the field by its
 * label ('Description is required'), so an API client that leaves it out reads what the form says.
 */
export function requiredText(label: string, max: number) {
  const missing = `${label} is required`;
  return z
    .string({ error: (issue) => (issue.input === undefined ? missing : `${label} must be text`) })
    .trim()
    .min(1, { message: missing, abort: true })
    .max(max, `${label} must be ${max} characters or fewer`);
}
