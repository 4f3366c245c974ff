import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * A name as a reader orders names: Ángel and alice among the As, Émile among the Es. The database's
 * own collation may be C (PGlite's, and a server initialised without a locale), which puts lower
 * case and accented initials after Z. ICU's root collation is in every PostgreSQL built with ICU:
 * PGlite, Debian's and the official images, the managed services.
 */
export function inNameOrder(name: SQLWrapper): SQL {
  return sql`${name} collate "und-x-icu"`;
}
