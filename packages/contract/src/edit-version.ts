import { z } from 'zod';

/**
 * The version of a record edited in the dashboard (a product, a barber, the shop's settings): raised
 * by every save. A save names the version its editor started from and is refused (409) when someone
 * else has saved since, so neither edit is silently lost.
 */
export const EditVersionSchema = z.number().int().positive();
