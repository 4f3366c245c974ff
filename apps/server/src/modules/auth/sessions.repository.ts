import { type Executor, schema } from '@barbershop/db';
import { and, eq, gt, inArray, lt, notLike } from 'drizzle-orm';
import { ERASED_SUBJECT_PREFIX } from '../users/users.repository.ts';

export async function insertSession(db: Executor, row: { id: string; userId: string; expiresAt: Date }) {
  await db.insert(schema.sessions).values(row);
}

/** The live session with this hashed id and its user, or null. */
export async function findLiveSession(db: Executor, id: string, now: Date, createdAfter: Date) {
  const [row] = await db
    .select({
      expiresAt: schema.sessions.expiresAt,
      createdAt: schema.sessions.createdAt,
      user: {
        id: schema.users.id,
        name: schema.users.name,
        email: schema.users.email,
        picture: schema.users.picture,
        accessLevel: schema.users.accessLevel,
      },
    })
    .from(schema.sessions)
    .innerJoin(schema.users, eq(schema.users.id, schema.sessions.userId))
    .where(
      and(
        eq(schema.sessions.id, id),
        gt(schema.sessions.expiresAt, now),
        gt(schema.sessions.createdAt, createdAfter),
        // A sign-in that raced an erase (its session made just after the erase ended the others)
        // must not sign anyone in as the erased account.
        notLike(schema.users.oidcSubject, `${ERASED_SUBJECT_PREFIX}%`),
      ),
    );
  return row ?? null;
}

export async function setSessionExpiry(db: Executor, id: string, expiresAt: Date) {
  await db.update(schema.sessions).set({ expiresAt }).where(eq(schema.sessions.id, id));
}

export async function deleteSession(db: Executor, id: string) {
  await db.delete(schema.sessions).where(eq(schema.sessions.id, id));
}

/** Signs a user out everywhere. */
export async function deleteSessionsOf(db: Executor, userId: string) {
  await db.delete(schema.sessions).where(eq(schema.sessions.userId, userId));
}

/**
 * Deletes up to `limit` sessions that ended before `at` (idle past their expiry, or past their
 * absolute end, which caps the expiry); answers how many. Rows another copy's sweep is deleting are
 * skipped, not waited for.
 */
export async function deleteEndedSessions(db: Executor, at: Date, limit: number): Promise<number> {
  const ended = db
    .select({ id: schema.sessions.id })
    .from(schema.sessions)
    .where(lt(schema.sessions.expiresAt, at))
    .limit(limit)
    .for('update', { skipLocked: true });
  const deleted = await db
    .delete(schema.sessions)
    .where(inArray(schema.sessions.id, ended))
    .returning({ id: schema.sessions.id });
  return deleted.length;
}
