import { type Executor, schema } from '@barbershop/db';
import { inArray, lt, sql } from 'drizzle-orm';

const { rateLimits } = schema;

/**
 * Counts one request against `key` in one statement, so every server copy sees the same count: a
 * window that has ended starts again at 1. The database's clock decides, not each server's.
 */
export async function countHit(db: Executor, key: string, windowMs: number) {
  const windowEnd = sql`now() + ${windowMs} * interval '1 millisecond'`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: windowEnd })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= now() then 1 else least(${rateLimits.count} + 1, 2147483647) end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({
      count: rateLimits.count,
      ttlMs: sql<number>`greatest(0, extract(epoch from ${rateLimits.resetAt} - now()) * 1000)::float8`,
    });
  return { count: row!.count, ttlMs: Number(row!.ttlMs) };
}

/**
 * Forgets counters whose window has ended, and with them the client's address. Rows a request is
 * counting on, or another copy is deleting, are skipped rather than waited for.
 */
export async function deleteEndedWindows(db: Executor) {
  const ended = db
    .select({ key: rateLimits.key })
    .from(rateLimits)
    .where(lt(rateLimits.resetAt, sql`now()`))
    .for('update', { skipLocked: true });
  await db.delete(rateLimits).where(inArray(rateLimits.key, ended));
}
