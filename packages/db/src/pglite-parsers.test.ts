import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterEach, expect, it, vi } from 'vitest';
import { DRIZZLE_TEXT_TYPES, pgliteForDrizzle } from './pglite-parsers.ts';

const clients: PGlite[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

function newClient() {
  const client = new PGlite();
  clients.push(client);
  return client;
}

// Every type drizzle asks for as text, in a row and in an array, beside types PGlite parses itself.
const SAMPLE = sql`select
  '2026-11-25 10:00:00'::timestamp as ts, '2026-11-25 10:00:00+00'::timestamptz as tstz,
  '2026-11-25'::date as day, '1 day 2 hours'::interval as span,
  array['2026-11-25 10:00:00'::timestamp] as ts_list, array['2026-11-25 10:00:00+00'::timestamptz] as tstz_list,
  array['2026-11-25'::date] as day_list, array['1 day'::interval] as span_list,
  array[1.5::numeric] as amounts, 42::int as count, true as flag, '{"a":1}'::jsonb as doc`;

it('knows the parsers drizzle sends with every query, each keeping the text', async () => {
  const sent: QueryOptions[] = [];
  const recorder = {
    query: async (_sql: string, _params: unknown[], options: QueryOptions) => {
      sent.push(options);
      return { rows: [], fields: [], affectedRows: 0 };
    },
  };
  await drizzle({ client: recorder as unknown as PGlite }).execute(sql`select 1`);
  expect(sent).toHaveLength(1);
  const parsers = sent[0]!.parsers!;
  expect(Object.keys(parsers).map(Number).sort()).toEqual([...DRIZZLE_TEXT_TYPES].sort());
  for (const parse of Object.values(parsers)) expect(parse('2026-11-25', 0)).toBe('2026-11-25');
});

it('gives drizzle the same rows without handing PGlite parsers with each query, in transactions too', async () => {
  const expected = await drizzle({ client: newClient() }).execute(SAMPLE);

  const client = newClient();
  const query = vi.spyOn(client, 'query');
  const db = drizzle({ client: await pgliteForDrizzle(client) });
  const rows = await db.execute(SAMPLE);
  const inTransaction = await db.transaction((tx) => tx.execute(SAMPLE));

  expect(rows.rows).toEqual(expected.rows);
  expect(inTransaction.rows).toEqual(expected.rows);
  expect(rows.rows[0]).toMatchObject({
    tstz: '2026-11-25 10:00:00+00',
    count: 42,
    flag: true,
    doc: { a: 1 },
  });
  expect(query.mock.calls.length).toBeGreaterThan(0);
  for (const [, , options] of query.mock.calls) expect(options?.parsers).toBeUndefined();
});

it('keeps a transaction rolled back by drizzle rolled back', async () => {
  const db = drizzle({ client: await pgliteForDrizzle(newClient()) });
  await db.execute(sql`create table t (n int)`);
  await expect(
    db.transaction(async (tx) => {
      await tx.execute(sql`insert into t values (1)`);
      tx.rollback();
    }),
  ).rejects.toThrow();
  expect((await db.execute(sql`select count(*)::int as n from t`)).rows).toEqual([{ n: 0 }]);
});
