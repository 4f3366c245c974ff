import { schema } from '@barbershop/db';
import { openTestDatabase } from '@barbershop/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countHit, deleteEndedWindows } from './rate-limit.repository.ts';

describe('rate-limit counters', () => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(() => handle.close());

  const endWindow = (key: string) =>
    handle.db
      .update(schema.rateLimits)
      .set({ resetAt: new Date(Date.now() - 1000) })
      .where(eq(schema.rateLimits.key, key));

  it('counts hits within a window and says how long it has left', async () => {
    expect((await countHit(handle.db, 'k1', 60_000)).count).toBe(1);
    const second = await countHit(handle.db, 'k1', 60_000);
    expect(second.count).toBe(2);
    expect(second.ttlMs).toBeGreaterThan(50_000);
    expect(second.ttlMs).toBeLessThanOrEqual(60_000);
  });

  it('starts again at 1 once the window has ended, and forgets ended windows', async () => {
    await countHit(handle.db, 'k2', 60_000);
    await countHit(handle.db, 'k2', 60_000);
    await endWindow('k2');
    expect((await countHit(handle.db, 'k2', 60_000)).count).toBe(1);
    await endWindow('k2');
    await deleteEndedWindows(handle.db);
    const rows = await handle.db.select().from(schema.rateLimits).where(eq(schema.rateLimits.key, 'k2'));
    expect(rows).toEqual([]);
  });

  it('loses no hit when many arrive at once', async () => {
    await Promise.all(Array.from({ length: 20 }, () => countHit(handle.db, 'k3', 60_000)));
    expect((await countHit(handle.db, 'k3', 60_000)).count).toBe(21);
  });
});
