import { type Executor, schema } from '@barbershop/db';
import { and, eq, gt, lt, notLike } from 'drizzle-orm';
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

/** Clears a user's dead sessions, so the table does not grow with every sign-in. */
export async function deleteExpiredSessions(db: Executor, userId: string, now: Date) {
  await db
    .delete(schema.sessions)
    .where(and(eq(schema.sessions.userId, userId), lt(schema.sessions.expiresAt, now)));
}
