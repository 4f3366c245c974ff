import { type Executor, schema } from '@barbershop/db';
import { asc, lt, sql } from 'drizzle-orm';

const { mediaSweepQueue } = schema;

/**
 * The media keys the database refers to: product images (of deleted products too, which owned items
 * still show), barber photos and galleries, and order lines' snapshots. Only those of `among` when
 * it is given, each table asked by its own index.
 */
export async function referencedMediaKeys(db: Executor, among?: string[]): Promise<Set<string>> {
  if (among?.length === 0) return new Set();
  const of = (column: ReturnType<typeof sql>) => (among ? sql`${column} in ${among}` : sql`true`);
  const result = (await db.execute(
    sql`select media_key as key from product_images where ${of(sql`media_key`)}
        union select photo from barbers where ${of(sql`photo`)}
        union select key from barbers, jsonb_array_elements_text(gallery) key where ${of(sql`key`)}
        union select image from order_lines where ${of(sql`image`)}`,
  )) as unknown as { rows: { key: string | null }[] };
  return new Set(result.rows.map((row) => String(row.key ?? '')).filter((key) => key.startsWith('images/')));
}

/**
 * Puts keys in the media sweep's queue, or moves them to its end: the sweep will delete a key's
 * files once the grace period has passed and nothing refers to the key. Called with the keys a
 * change may have left unreferenced, and with every key a save is about to use before it looks for
 * the key's files: a sweep deleting that key at the moment finishes first (its row is locked), and
 * in the save's own transaction the row stays locked to the commit, out of any sweep's reach.
 * Sorted, so two saves sharing images lock their rows in one order.
 */
export async function queueForSweep(db: Executor, keys: Iterable<string>): Promise<void> {
  const sorted = [...new Set(keys)].sort();
  if (!sorted.length) return;
  await db
    .insert(mediaSweepQueue)
    .values(sorted.map((key) => ({ key })))
    .onConflictDoUpdate({ target: mediaSweepQueue.key, set: { touchedAt: sql`now()` } });
}

/** The database's time `graceMs` ago: queued keys untouched since are due. */
const dueBefore = (graceMs: number) => sql`now() - make_interval(secs => ${graceMs / 1000})`;

/** Queued keys untouched for `graceMs`, oldest first. */
export async function listDueForSweep(db: Executor, graceMs: number, limit: number): Promise<string[]> {
  const rows = await db
    .select({ key: mediaSweepQueue.key })
    .from(mediaSweepQueue)
    .where(lt(mediaSweepQueue.touchedAt, dueBefore(graceMs)))
    .orderBy(asc(mediaSweepQueue.touchedAt))
    .limit(limit);
  return rows.map((row) => row.key);
}

/**
 * Takes a due key off the queue, its row locked until the transaction ends so a save touching the
 * key meanwhile waits; false when another sweep has it or it was touched since it was listed.
 */
export async function takeDueForSweep(tx: Executor, key: string, graceMs: number): Promise<boolean> {
  const result = (await tx.execute(
    sql`delete from media_sweep_queue where key = (
          select key from media_sweep_queue where key = ${key} and touched_at < ${dueBefore(graceMs)}
          for update skip locked
        ) returning key`,
  )) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}
