import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { EMBEDDED_SHARED_BUFFERS, openDatabase } from './client.ts';
import { openTestDatabase } from './testing.ts';

it('opens the embedded database with a small buffer pool (PGlite keeps all of it resident)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'barbershop-client-'));
  const handle = await openDatabase({ dataDir: dir });
  try {
    const result = (await handle.db.execute(sql`show shared_buffers`)) as unknown as {
      rows: { shared_buffers: string }[];
    };
    expect(result.rows).toEqual([{ shared_buffers: EMBEDDED_SHARED_BUFFERS }]);
  } finally {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

it("keeps the embedded database's folder to this user, also one an older release left open to all", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'barbershop-client-'));
  const folderMode = () => statSync(join(dir, 'db')).mode & 0o777;
  try {
    await (await openDatabase({ dataDir: dir })).close();
    expect(folderMode()).toBe(0o700);
    // PGlite's own files are 0666 whatever the umask: only the folder keeps other users out.
    expect(statSync(join(dir, 'db', 'PG_VERSION')).mode & 0o777).toBe(0o666);
    chmodSync(join(dir, 'db'), 0o755);
    const reopened = await openDatabase({ dataDir: dir });
    try {
      expect(folderMode()).toBe(0o700);
      expect(await reopened.db.execute(sql`select 1 as one`)).toBeTruthy();
    } finally {
      await reopened.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A migrations folder whose one migration takes `seconds`, dated after every real one. */
function slowMigration(seconds: number): string {
  const folder = mkdtempSync(join(tmpdir(), 'barbershop-slow-migration-'));
  mkdirSync(join(folder, 'meta'));
  const entry = { idx: 0, version: '7', when: Date.UTC(2100, 0), tag: '0000_slow', breakpoints: true };
  writeFileSync(
    join(folder, 'meta/_journal.json'),
    JSON.stringify({ version: '7', dialect: 'postgresql', entries: [entry] }),
  );
  writeFileSync(join(folder, '0000_slow.sql'), `select pg_sleep(${seconds});`);
  return folder;
}

describe.runIf(process.env.TEST_DB === 'postgres')('the PostgreSQL pool', () => {
  it("cancels a statement of the server's past its bound, but never a migration's", async () => {
    const test = await openTestDatabase();
    const handle = await openDatabase({ url: test.url, dataDir: '', statementTimeoutMs: 100 });
    const folder = slowMigration(0.3);
    try {
      await expect(handle.db.execute(sql`select pg_sleep(0.3)`)).rejects.toMatchObject({
        cause: { code: '57014', message: 'canceling statement due to statement timeout' },
      });
      await handle.migrate(folder);
    } finally {
      await handle.close();
      await test.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('survives the server ending a session lent to a transaction: the transaction fails, the process lives on', async () => {
    const test = await openTestDatabase();
    const handle = await openDatabase({ url: test.url, dataDir: '' });
    const admin = new pg.Client({ connectionString: test.url });
    await admin.connect();
    try {
      // As a PostgreSQL restart ends every session (57P01), between two queries of a transaction.
      // Unheard, the client's 'error' event would be an uncaught exception: a crash, and here a
      // failed run.
      await expect(
        handle.db.transaction(async (tx) => {
          const result = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
            rows: { pid: number }[];
          };
          await admin.query('select pg_terminate_backend($1)', [result.rows[0]!.pid]);
          await tx.execute(sql`select 1`);
        }),
      ).rejects.toThrow();
      const after = (await handle.db.execute(sql`select 1 as one`)) as unknown as { rows: { one: number }[] };
      expect(after.rows).toEqual([{ one: 1 }]);
    } finally {
      await admin.end();
      await handle.close();
      await test.close();
    }
  });
});
