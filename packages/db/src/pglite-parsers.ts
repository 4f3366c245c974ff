import type { PGlite, Transaction } from '@electric-sql/pglite';

const asText = (value: string) => value;

/**
 * The type parsers drizzle's PGlite driver hands PGlite with every query: timestamps, dates,
 * intervals and numeric arrays reach drizzle as text, and drizzle maps them itself. Keyed by type
 * OID; pglite-parsers.test.ts fails when drizzle's list changes.
 */
export const DRIZZLE_TEXT_TYPES = [1082, 1114, 1115, 1182, 1184, 1185, 1186, 1187, 1231];

type Queryable = Pick<PGlite | Transaction, 'query'>;

function queryWithoutParsers(target: Queryable): Queryable['query'] {
  return (sql, params, options) => {
    const { parsers: _installed, ...rest } = options ?? {};
    return target.query(sql, params, rest);
  };
}

/**
 * The client drizzle is given on the embedded database. PGlite copies its whole map of ~320 type
 * parsers whenever a query brings parsers of its own, and drizzle brings the same few with every
 * query: ~80 us and 18 KB a query, the largest single cost of a dashboard list or a payment on
 * PGlite (docs/performance.md). Installed once on the client instead, and left off each query, they
 * give drizzle the same rows. Drizzle's session uses only `query` and `transaction` of its client.
 */
export async function pgliteForDrizzle(client: PGlite): Promise<PGlite> {
  // After start-up: PGlite fills in its array parsers then, over whatever the options had set.
  await client.waitReady;
  for (const oid of DRIZZLE_TEXT_TYPES) client.parsers[oid] = asText;
  const forDrizzle: Pick<PGlite, 'query' | 'transaction'> = {
    query: queryWithoutParsers(client),
    // The transaction itself (its `closed` stays live) but for its query.
    transaction: (work) =>
      client.transaction((tx) => work(Object.assign(Object.create(tx), { query: queryWithoutParsers(tx) }))),
  };
  return forDrizzle as PGlite;
}
