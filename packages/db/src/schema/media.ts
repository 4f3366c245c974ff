import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Stored images that may have lost their last reference (removed from a record, their barber
 * deleted, uploaded by a save that failed), and when that was last so. The media sweep deletes a
 * key's files once `touchedAt` is older than its grace period and nothing refers to the key. Every
 * use of a key (an upload of the same picture, a form naming it, the save's own transaction) moves
 * `touchedAt` on first, so a save in progress never has its images swept from under it.
 */
export const mediaSweepQueue = pgTable(
  'media_sweep_queue',
  {
    key: text('key').primaryKey(),
    touchedAt: timestamp('touched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('media_sweep_queue_touched').on(t.touchedAt)],
);
