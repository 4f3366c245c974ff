import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from './client.ts';
import { knownMigrations, migrationsThrough } from './migrations.ts';

let migrated: Promise<Blob> | undefined;
/** One embedded database, migrated, per test process: every other starts as a copy of it. */
function migratedSnapshot(): Promise<Blob> {
  migrated ??= (async () => {
    const handle = await openDatabase({ dataDir: 'memory://' });
    try {
      await handle.migrate();
      return await handle.snapshot!();
    } finally {
      await handle.close();
    }
  })().catch((error: unknown) => {
    // The worker's next test file tries again rather than failing on this one's error.
    migrated = undefined;
    throw error;
  });
  return migrated;
}

/**
 * A migrated, empty database for one test file: in-memory PGlite, or, in the PostgreSQL run of the
 * suite (TEST_DB=postgres), a database of its own on TEST_DATABASE_URL, dropped on close. A test of
 * one migration names a folder holding the migrations before it.
 */
export async function openTestDatabase({
  migrationsFolder,
}: {
  migrationsFolder?: string;
} = {}): Promise<DatabaseHandle & { url?: string }> {
  const serverUrl = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (!serverUrl) {
    if (!migrationsFolder) return openDatabase({ dataDir: 'memory://', startFrom: await migratedSnapshot() });
    const handle = await openDatabase({ dataDir: 'memory://' });
    await handle.migrate(migrationsFolder);
    return handle;
  }
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), dataDir: '' });
  await handle.migrate(migrationsFolder);
  return {
    ...handle,
    // Another connection pool on the same database: a second server copy.
    url: url.toString(),
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** A test database as it was before the migration `tag`, for that migration's test: `migrate()` applies it. */
export async function openTestDatabaseBefore(tag: string): Promise<DatabaseHandle> {
  const folder = migrationsThrough(knownMigrations().find((migration) => migration.tag === tag)!.index - 1);
  const handle = await openTestDatabase({ migrationsFolder: folder });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
