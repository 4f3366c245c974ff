import { setImmediate as nextTurn } from 'node:timers/promises';
import type { DatabaseHandle, Executor } from '@barbershop/db';
import { deleteEndedSessions } from '../modules/auth/sessions.repository.ts';

const SESSION_BATCH = 1000;
// A round deletes at most this many batches: a backlog (a shop's first round after years of none)
// goes over several rounds in short statements instead of one long one.
const SESSION_BATCHES_A_ROUND = 20;

/**
 * Deletes ended sessions: a customer who never comes back, or whose browser dropped the cookie,
 * leaves one behind at each sign-in. In batches, each its own statement; two copies sweeping at
 * once skip each other's rows. Answers how many it deleted.
 */
export async function sweepEndedSessions(
  db: Executor,
  at = new Date(),
  signal?: AbortSignal,
): Promise<number> {
  let deleted = 0;
  for (let batch = 0; batch < SESSION_BATCHES_A_ROUND && !signal?.aborted; batch++) {
    const count = await deleteEndedSessions(db, at, SESSION_BATCH);
    deleted += count;
    if (count < SESSION_BATCH) break;
    // The embedded database answers without I/O: without a turn of the event loop, requests waited
    // for every batch rather than one.
    await nextTurn();
  }
  return deleted;
}

/**
 * One round of housekeeping, every hour on every copy: ended sessions go, then the embedded database
 * is vacuumed so the space they and every other deleted row took is used again. A server stopping
 * (`signal`) waits for the statement in progress only.
 */
export async function keepHouse(
  database: Pick<DatabaseHandle, 'db' | 'vacuum'>,
  signal?: AbortSignal,
): Promise<void> {
  await sweepEndedSessions(database.db, new Date(), signal);
  await database.vacuum?.(signal);
}
