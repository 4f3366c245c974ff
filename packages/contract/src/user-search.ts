import { z } from 'zod';
import { formatAddress } from './format.ts';
import type { UserSummary } from './users.ts';

/** The longest text the dashboard's searches take (users, orders): the search boxes stop there too. */
export const SEARCH_MAX_LENGTH = 100;

/** A dashboard search's text, as the API takes it in `q`. */
export const SearchTextSchema = z
  .string()
  .trim()
  .max(SEARCH_MAX_LENGTH, `must be ${SEARCH_MAX_LENGTH} characters or fewer`);

/** Users per page of the dashboard's list: a shop of years has tens of thousands. */
export const USERS_PAGE = 50;

/** GET /users: a search, and keyset paging by the last user already shown. */
export const UsersQuerySchema = z.object({
  q: SearchTextSchema.optional(),
  /** The `gid` of the last user already shown: the page after it. */
  after: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(USERS_PAGE),
});
export type UsersQuery = z.input<typeof UsersQuerySchema>;

/** The part of a user the dashboard's search looks at. */
export type SearchableUser = Pick<UserSummary, 'gid' | 'name' | 'email' | 'phone' | 'address'>;

/**
 * Text as the dashboard's searches compare it: lower case, without accents. A caller spelling their
 * name on the phone says "Jose" of the "José" their sign-in provider sent, and staff type it so; the
 * accents are the Combining Diacritical Marks block (U+0300 to U+036F), which `searchFolded` in
 * @barbershop/db strips the same way, and only those: marks of other scripts change the letter.
 */
export function searchFold(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

/**
 * SPEC.md section 5's users search, answered by the API (`GET /users?q=`), which the users page
 * asks: the id, name, email, phone or address as printed (formatAddress) contains the query, any case
 * and with or without accents (`searchFold`). A phone
 * also matches by its digits alone, so "7195550199" finds "(719) 555-0199". A blank query matches all.
 */
export function userMatches(user: SearchableUser, query: string): boolean {
  const needle = searchFold(query.trim());
  if (!needle) return true;
  const fields = [
    user.gid,
    user.name,
    user.email,
    user.phone ?? '',
    user.address ? formatAddress(user.address) : '',
  ];
  if (fields.some((field) => searchFold(field).includes(needle))) return true;
  const digits = needle.replace(/\D/g, '');
  return digits.length >= 3 && (user.phone ?? '').replace(/\D/g, '').includes(digits);
}
