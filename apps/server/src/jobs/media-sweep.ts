import type { Database } from '@barbershop/db';
import { IMAGE_WIDTHS, renditionKey } from '../modules/media/images.ts';
import {
  listDueForSweep,
  queueForSweep,
  referencedMediaKeys,
  takeDueForSweep,
} from '../modules/media/media.repository.ts';
import type { MediaStorage } from '../modules/media/media.storage.ts';

/**
 * How long a queued image waits before the sweep looks at it: longer than a save takes from
 * storing its uploads to its transaction (which keeps them out of reach from then on), and the
 * longest a removed image stays at its address, give or take a round.
 */
export const MEDIA_GRACE_MS = 15 * 60_000;
const PER_ROUND = 100;

/**
 * Deletes the files of queued images nothing refers to any more (removed from a product or barber,
 * their barber deleted, or uploaded by a save that failed), once they have waited the grace period;
 * a queued image still referred to just leaves the queue. Each image is taken in a transaction of
 * its own, held while its files go, so two sweeps at once take each once and a save about to use
 * the image waits for it. The largest rendition goes first: it is the one whose presence says an
 * image is stored, so a round cut short leaves an image a save stores again, never one it takes for
 * whole. Answers how many images it deleted; one whose files cannot be deleted goes to the end of
 * the queue, and the round then fails naming it.
 */
export async function sweepUnreferencedMedia(db: Database, storage: MediaStorage): Promise<number> {
  let deleted = 0;
  const failures: Error[] = [];
  for (const key of await listDueForSweep(db, MEDIA_GRACE_MS, PER_ROUND)) {
    try {
      const gone = await db.transaction(async (tx) => {
        if (!(await takeDueForSweep(tx, key, MEDIA_GRACE_MS))) return false;
        if ((await referencedMediaKeys(tx, [key])).size) return false;
        for (const width of [...IMAGE_WIDTHS].reverse()) await storage.remove(renditionKey(key, width));
        return true;
      });
      if (gone) deleted += 1;
    } catch (error) {
      failures.push(new Error(`${key}: ${(error as Error).message}`, { cause: error }));
      // Back in the queue, behind the others: one image the storage keeps refusing holds up none.
      await queueForSweep(db, [key]).catch(() => undefined);
    }
  }
  if (failures.length) {
    throw new AggregateError(
      failures,
      `The media sweep deleted ${deleted} images and could not delete ${failures.length}: ${failures.map((f) => f.message).join('; ')}`,
    );
  }
  return deleted;
}
