import { type SQL, sql } from 'drizzle-orm';

/**
 * A CHECK constraint's `in (...)` list from one of the contract's closed sets, so the database
 * refuses exactly what the API refuses and a new value is added in one place.
 */
export function inList(values: readonly (string | number)[]): SQL {
  const literals = values.map((value) =>
    typeof value === 'number' ? String(value) : `'${value.replaceAll("'", "''")}'`,
  );
  return sql.raw(`(${literals.join(', ')})`);
}
