import { z } from 'zod';

/** GET or POST /auth/logout: the session is gone (or there was none). */
export const SignedOutSchema = z.object({ signedOut: z.literal(true) });
export type SignedOut = z.infer<typeof SignedOutSchema>;
