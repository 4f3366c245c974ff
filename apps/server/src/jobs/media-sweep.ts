import type { Executor } from '@barbershop/db';
import { IMAGE_WIDTHS, renditionKey } from '../modules/media/images.ts';
import {
  claimMediaCheck,
  listDueMediaChecks,
  referencedMediaKeys,
} from '../modules/media/media.repository.ts';
import type { MediaStorage } from '../modules/media/media.storage.ts';

/**
 * How long a queued image waits before the sweep looks at it: far longer than any save takes from
 * storing its uploads to committing, and the longest a removed image stays at its address.
 */
export const MEDIA_GRACE_MS = 15 * 60_000;

/**
 * Deletes the files of queued images nothing refers to any more (removed from a product or barber,
 * their barber deleted, or uploaded by a save that failed), once they have waited the grace period;
 * a queued image still referred to just leaves the queue. Each image is claimed in a transaction of
 * its own, held while its files go, so two sweeps at once take each once and a save about to use the
 * image waits for it. Answers how many images it deleted; one whose files cannot be deleted stays
 * queued for the next round, and the round then fails naming it.
 */
export async function sweepUnreferencedMedia(
  db: Executor,
  storage: MediaStorage,
  at = new Date(),
): Promise<number> {
  const cutoff = new Date(at.getTime() - MEDIA_GRACE_MS);
  let deleted = 0;
  const failures: Error[] = [];
  for (const key of await listDueMediaChecks(db, cutoff, 100)) {
    try {
      const gone = await db.transaction(async (tx) => {
        if (!(await claimMediaCheck(tx, key, cutoff))) return false;
        if ((await referencedMediaKeys(tx, [key])).size) return false;
        for (const width of IMAGE_WIDTHS) await storage.remove(renditionKey(key, width));
        return true;
      });
      if (gone) deleted += 1;
    } catch (error) {
      failures.push(new Error(`${key}: ${(error as Error).message}`, { cause: error }));
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
