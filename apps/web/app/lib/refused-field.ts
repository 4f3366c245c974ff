import { ApiError } from './api.ts';

// The server names a bad field of a multipart form as `form.<path>: <message>` (parseForm), and a
// name already taken with a 409 that starts so.
const FIELD_MESSAGE = /^form\.([^:]+): (.+)$/;
const NAME_TAKEN = /^Name must be unique/;

/**
 * The form field a refusal of the server's is about, by its dotted path (`address.city`,
 * `services.0.price`), and what to say beside it; null when the refusal names no field.
 */
export function refusedField(error: unknown): { path: string; message: string } | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 409 && NAME_TAKEN.test(error.message)) return { path: 'name', message: error.message };
  const named = FIELD_MESSAGE.exec(error.message);
  return named ? { path: named[1]!, message: named[2]! } : null;
}
