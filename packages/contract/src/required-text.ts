import { z } from 'zod';
import { composedText, oneLineText } from './format.ts';

/**
 * A text field a form must fill in: left out, blank or too long, the message names the field by its
 * label ('Description is required'), so an API client that leaves it out reads what the form says.
 * It is one line (a name: `oneLineText`) unless `lines` says it is several (a description: composed
 * and trimmed, its line breaks kept).
 */
export function requiredText(label: string, max: number, lines: 'one' | 'several' = 'one') {
  const missing = `${label} is required`;
  return z
    .string({ error: (issue) => (issue.input === undefined ? missing : `${label} must be text`) })
    .overwrite(lines === 'one' ? oneLineText : composedText)
    .min(1, { message: missing, abort: true })
    .max(max, `${label} must be ${max} characters or fewer`);
}
