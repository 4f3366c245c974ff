import { type Executor, schema } from '@barbershop/db';
import { and, asc, eq, lt, sql } from 'drizzle-orm';

const { mediaReleases } = schema;

/**
 * The media keys the database refers to: product images (of deleted products too, which owned items
 * still show), barber photos and galleries, and order lines' snapshots. Only those of `among` when
 * it is given.
 */
export async function referencedMediaKeys(db: Executor, among?: string[]): Promise<Set<string>> {
  if (among?.length === 0) return new Set();
  const result = (await db.execute(
    sql`select key from (
          select media_key as key from product_images
          union select photo from barbers where photo is not null
          union select jsonb_array_elements_text(gallery) from barbers
          union select image from order_lines where image <> ''
        ) refs
        where key like 'images/%' ${among ? sql`and key in ${among}` : sql``}`,
  )) as unknown as { rows: { key: string }[] };
  return new Set(result.rows.map((row) => String(row.key)));
}

/**
 * Puts keys in the media sweep's queue, or moves them to its end: the sweep will delete a key's
 * files once this is its grace period ago and nothing refers to the key. Called with the keys a
 * change may have left unreferenced, and with every key a save is about to use, before it looks
 * for its files: a sweep deleting that key now waits for this and the save stores the files anew.
 */
export async function queueMediaCheck(db: Executor, keys: Iterable<string>): Promise<void> {
  const unique = [...new Set(keys)];
  if (!unique.length) return;
  await db
    .insert(mediaReleases)
    .values(unique.map((key) => ({ key })))
    .onConflictDoUpdate({ target: mediaReleases.key, set: { touchedAt: sql`now()` } });
}

/** Queued keys last touched before `cutoff`, oldest first. */
export async function listDueMediaChecks(db: Executor, cutoff: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ key: mediaReleases.key })
    .from(mediaReleases)
    .where(lt(mediaReleases.touchedAt, cutoff))
    .orderBy(asc(mediaReleases.touchedAt))
    .limit(limit);
  return rows.map((row) => row.key);
}

/**
 * Takes a due key off the queue, holding its row until the transaction ends so a save touching the
 * key meanwhile waits; false when another sweep has it or it was touched since it was listed.
 */
export async function claimMediaCheck(tx: Executor, key: string, cutoff: Date): Promise<boolean> {
  const [claimed] = await tx
    .select({ key: mediaReleases.key })
    .from(mediaReleases)
    .where(and(eq(mediaReleases.key, key), lt(mediaReleases.touchedAt, cutoff)))
    .for('update', { skipLocked: true });
  if (!claimed) return false;
  await tx.delete(mediaReleases).where(eq(mediaReleases.key, key));
  return true;
}
