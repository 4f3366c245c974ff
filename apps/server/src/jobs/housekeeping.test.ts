import { schema } from '@barbershop/db';
import { createUser } from '@barbershop/db/factories';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import { countHit, deleteEndedWindows } from '../plugins/rate-limit.repository.ts';
import { createSession } from '../plugins/session.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { turnsDuring } from '../test/event-loop.ts';
import { signInAs } from '../test/sessions.ts';
import { keepHouse, sweepEndedSessions } from './housekeeping.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('housekeeping', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  /** Runs the real server's background jobs, as every copy does, until `check` passes. */
  const runJobsUntil = async (check: () => Promise<void>) => {
    const server = await buildApp(app.config, {
      database: app.handle,
      web: false,
      logger: false,
      jobs: true,
    });
    try {
      await server.ready();
      await vi.waitFor(check, { timeout: 10_000, interval: 50 });
    } finally {
      await server.close();
    }
  };
  const sessionsOf = async (userIds: string[]) =>
    app.db.select().from(schema.sessions).where(inArray(schema.sessions.userId, userIds));

  it('deletes the sessions of customers who never came back, and keeps everyone signed in who is', async () => {
    const stays = await createUser(app.db);
    const cookie = await signInAs(app, stays);
    // Signed in on three devices two months ago and never again: nothing else ever ends these.
    const gone = await createUser(app.db);
    for (let device = 0; device < 3; device++)
      await createSession(app.db, gone.id, new Date(Date.now() - 60 * DAY));
    // Past the 90 days however often it was used: its expiry was capped at the absolute end.
    const old = await createUser(app.db);
    await createSession(app.db, old.id, new Date(Date.now() - 91 * DAY));
    await app.db
      .update(schema.sessions)
      .set({ createdAt: new Date(Date.now() - 91 * DAY), expiresAt: new Date(Date.now() - DAY) })
      .where(eq(schema.sessions.userId, old.id));
    expect(await sessionsOf([gone.id, old.id])).toHaveLength(4);

    // The real server's background jobs, as every copy runs them.
    await runJobsUntil(async () => expect(await sessionsOf([gone.id, old.id])).toEqual([]));
    expect(await sessionsOf([stays.id])).toHaveLength(1);
    const me = await app.inject({ url: '/api/users/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ gid: stays.id });
  });

  it("forgets a client's address a minute after its rate-limit window ends, with no other request to sweep it", async () => {
    const signIn = await app.inject({ url: '/api/auth/google?path=/', remoteAddress: '203.0.113.9' });
    expect(signIn.statusCode).toBe(302);
    const counted = sql`${schema.rateLimits.key} like '%203.0.113.9'`;
    await app.db
      .update(schema.rateLimits)
      .set({ resetAt: new Date(Date.now() - 1000) })
      .where(counted);
    expect(await app.db.select().from(schema.rateLimits).where(counted)).toHaveLength(1);

    await runJobsUntil(async () =>
      expect(await app.db.select().from(schema.rateLimits).where(counted)).toEqual([]),
    );
  });

  it('clears a backlog larger than one batch in one round, letting the server answer others between batches', async () => {
    const user = await createUser(app.db);
    const ended = new Date(Date.now() - 31 * DAY);
    await app.db.insert(schema.sessions).values(
      Array.from({ length: 2500 }, (_, n) => ({
        id: `backlog-${n}`,
        userId: user.id,
        expiresAt: ended,
        createdAt: ended,
      })),
    );
    // The embedded database answers without I/O: without a turn of the event loop between batches,
    // requests waited for all of them.
    const { result, turns } = await turnsDuring(() => sweepEndedSessions(app.db));
    expect(result).toBeGreaterThanOrEqual(2500);
    expect(turns).toBeGreaterThanOrEqual(2);
    expect(await sessionsOf([user.id])).toEqual([]);
  });

  // PostgreSQL's autovacuum does this on a server, in its own time.
  describe.runIf(process.env.TEST_DB !== 'postgres')('on the embedded database', () => {
    it('keeps its files from growing with every session that ends', async () => {
      const user = await createUser(app.db);
      const size = async () => {
        const result = (await app.db.execute(
          sql`select pg_total_relation_size('sessions')::int as bytes`,
        )) as unknown as { rows: { bytes: number }[] };
        return result.rows[0]!.bytes;
      };
      const sizes: number[] = [];
      // A day of sign-ins, each ended, then an hour's housekeeping; eight times over.
      for (let day = 0; day < 8; day++) {
        const ended = new Date(Date.now() - 31 * DAY);
        await app.db.insert(schema.sessions).values(
          Array.from({ length: 500 }, (_, n) => ({
            id: `day-${day}-${n}`,
            userId: user.id,
            expiresAt: ended,
            createdAt: ended,
          })),
        );
        await keepHouse(app.handle);
        sizes.push(await size());
      }
      expect(await sessionsOf([user.id])).toEqual([]);
      // The second day reuses the first day's space, and so does every day after it.
      expect(sizes.at(-1)).toBeLessThanOrEqual(sizes[1]!);
    });

    it('lets the server answer others between tables while it vacuums', async () => {
      // The embedded database answers without I/O: a round that never gives the event loop a turn
      // held every request for all of its tables (1.4 s an hour with 30,000 orders, 6 s after a busy
      // day), not for the one being vacuumed.
      const { turns } = await turnsDuring(() => keepHouse(app.handle));
      expect(turns).toBeGreaterThan(20);
    });

    it('lets a server that is stopping go without vacuuming table after table', async () => {
      const vacuums = async () => {
        const result = (await app.db.execute(
          sql`select sum(vacuum_count)::int as count from pg_stat_all_tables`,
        )) as unknown as { rows: { count: number }[] };
        return result.rows[0]!.count;
      };
      const before = await vacuums();
      const stopping = new AbortController();
      const round = keepHouse(app.handle, stopping.signal);
      // SIGTERM arrives while the round is under way (sweeping sessions).
      stopping.abort();
      await round;
      expect(await vacuums()).toBe(before);
      // Not stopping, it vacuums every table.
      await keepHouse(app.handle);
      expect(await vacuums()).toBeGreaterThan(before + 20);
    });
  });

  describe.runIf(process.env.TEST_DB === 'postgres')('with two server copies', () => {
    it('deletes each ended session once when two sweep at once, neither waiting on the other', async () => {
      const user = await createUser(app.db);
      const ended = new Date(Date.now() - DAY);
      await app.db
        .insert(schema.sessions)
        .values(
          Array.from({ length: 6000 }, (_, n) => ({ id: `twice-${n}`, userId: user.id, expiresAt: ended })),
        );
      const counts = await Promise.all([sweepEndedSessions(app.db), sweepEndedSessions(app.db)]);
      expect(counts[0]! + counts[1]!).toBe(6000);
      expect(await sessionsOf([user.id])).toEqual([]);
    });

    it('forgets ended rate-limit windows with two copies at once, while a client counts on one of them', async () => {
      const ended = new Date(Date.now() - 1000);
      await app.db
        .insert(schema.rateLimits)
        .values(Array.from({ length: 2000 }, (_, n) => ({ key: `window-${n}`, count: 5, resetAt: ended })));
      const [, , hit] = await Promise.all([
        deleteEndedWindows(app.db),
        deleteEndedWindows(app.db),
        countHit(app.db, 'window-7', 60_000),
      ]);
      // The client's next request starts a new window whichever came first, and only that row is left.
      expect(hit.count).toBe(1);
      const left = await app.db
        .select({ key: schema.rateLimits.key })
        .from(schema.rateLimits)
        .where(sql`${schema.rateLimits.key} like 'window-%'`);
      expect(left).toEqual([{ key: 'window-7' }]);
    });
  });
});
