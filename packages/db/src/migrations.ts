import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Executor } from './client.ts';

/** One migration of packages/db/migrations: its place in the sequence and its name ("0008_email_verified"). */
export type Migration = { index: number; tag: string };

type JournalEntry = { idx: number; tag: string; when: number };

/** packages/db/migrations: the SQL files drizzle-kit writes and the journal listing them. */
export const MIGRATIONS_FOLDER = new URL('../migrations', import.meta.url).pathname;

// Read when asked, not at import: backups, restores and the start's check after migrating.
function journal(): JournalEntry[] {
  const file = join(MIGRATIONS_FOLDER, 'meta', '_journal.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { entries: JournalEntry[] }).entries;
}

/** The migrations this code carries, oldest first, as drizzle-kit's journal lists them. */
export function knownMigrations(): Migration[] {
  return journal().map(({ idx, tag }) => ({ index: idx, tag }));
}

/**
 * A copy of the migrations folder whose journal ends at the migration of index `last` (none for -1):
 * migrating with it brings a database to that point of the sequence and no further. The caller
 * removes the folder.
 */
export function migrationsThrough(last: number): string {
  const folder = mkdtempSync(join(tmpdir(), 'barbershop-migrations-'));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const file = join(folder, 'meta', '_journal.json');
  const copy = JSON.parse(readFileSync(file, 'utf8')) as { entries: JournalEntry[] };
  writeFileSync(file, JSON.stringify({ ...copy, entries: copy.entries.filter(({ idx }) => idx <= last) }));
  return folder;
}

/**
 * The latest migration applied to a migrated database, found as drizzle's migrator finds it (the
 * newest date it recorded, the journal's `when`), or null when that is none of this code's: a later
 * release migrated the database.
 */
export async function latestAppliedMigration(db: Executor): Promise<Migration | null> {
  const result = (await db.execute(
    sql`select created_at::text as at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  )) as unknown as { rows: { at: string }[] };
  const at = result.rows[0]?.at;
  const entry = journal().find(({ when }) => String(when) === at);
  return entry ? { index: entry.idx, tag: entry.tag } : null;
}
