import { z } from 'zod';

/** GET /users/me: the signed-in user, or null (SPEC.md section 3, "Current user"). */
export const CurrentUserSchema = z
  .object({
    gid: z.uuid(),
    name: z.string(),
    email: z.string(),
    picture: z.string(),
    accessLevel: z.number().int(),
  })
  .nullable();
export type CurrentUser = z.infer<typeof CurrentUserSchema>;
