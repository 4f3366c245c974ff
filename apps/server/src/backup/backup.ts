import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  type DatabaseHandle,
  type Executor,
  knownMigrations,
  latestAppliedMigration,
  type Migration,
  migrationsThrough,
  schema,
} from '@barbershop/db';
import { getTableName, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { IMAGE_WIDTHS, renditionKey } from '../modules/media/images.ts';
import { referencedMediaKeys } from '../modules/media/media.repository.ts';
import type { MediaStorage } from '../modules/media/media.storage.ts';
import { checksumOf, type FileChecksum, verifyFiles } from './checksums.ts';

/**
 * A backup is a directory: manifest.json, one JSON file of rows per table, and every media file
 * the rows point to. It is logical (rows, not pages), so an embedded database restores into
 * PostgreSQL and back, and a backup made before a later migration still restores after it (not the
 * other way round: restore refuses a backup of a schema newer than its own).
 */
export const BACKUP_FORMAT = 1;

// Sessions and rate-limit counters are short-lived and secret-adjacent: a restore signs everyone out.
const SKIPPED = new Set(['sessions', 'rate_limits']);
const BATCH = 2000;
// Backups hold customers' names, emails, phones and addresses: readable by their owner only.
const PRIVATE_DIR = { recursive: true, mode: 0o700 } as const;
const PRIVATE_FILE = { mode: 0o600 } as const;

export type Manifest = {
  format: number;
  createdAt: string;
  driver: DatabaseHandle['driver'];
  tables: Record<string, number>;
  media: number;
  /**
   * The latest migration of the database backed up. Absent from backups of releases that did not
   * record it, all older than any that reads it.
   */
  migration?: Migration;
  /** Image files the database refers to that the media storage did not have when the backup ran. */
  missingMedia?: string[];
  /**
   * Every file written (`tables/orders.json`, `media/images/...`), by its path in the backup, with
   * its size and SHA-256. Absent from backups of releases that did not record them: those restore
   * unchecked, as they always did, by the counts alone.
   */
  files?: Record<string, FileChecksum>;
};

/** Migrates the database through the migration of index `last`, or through this code's last one. */
async function migrateThrough(handle: DatabaseHandle, last?: number) {
  if (last === undefined) return handle.migrate();
  const folder = migrationsThrough(last);
  try {
    await handle.migrate(folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Every table of the schema, parents before children, so rows insert without breaking a foreign key. */
export function tablesInDependencyOrder(): PgTable[] {
  const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
  const byName = new Map(tables.map((table) => [getTableName(table), table]));
  const ordered: PgTable[] = [];
  const visiting = new Set<string>();
  const visit = (table: PgTable) => {
    const name = getTableName(table);
    if (ordered.includes(table) || visiting.has(name)) return;
    visiting.add(name);
    for (const fk of getTableConfig(table).foreignKeys) {
      const parent = byName.get(getTableName(fk.reference().foreignTable));
      if (parent && parent !== table) visit(parent);
    }
    ordered.push(table);
  };
  for (const table of tables) visit(table);
  return ordered.filter((table) => !SKIPPED.has(getTableName(table)));
}

function quoted(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}

async function rows(db: Executor, query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> {
  const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
}

/** Writes a backup of the database and its media into `dir` (created; must not hold a backup already). */
export async function backupTo(handle: DatabaseHandle, media: MediaStorage, dir: string): Promise<Manifest> {
  const migration = await latestAppliedMigration(handle.db);
  // This code would leave out the tables and columns it does not know, and pass for a whole backup.
  if (!migration) {
    throw new Error(
      'This database was migrated by a newer release than this one: back it up with that release.',
    );
  }
  await mkdir(join(dir, 'tables'), PRIVATE_DIR);
  if ((await readdir(join(dir, 'tables'))).length > 0) throw new Error(`${dir} already holds a backup.`);
  const counts: Record<string, number> = {};
  const files: Record<string, FileChecksum> = {};
  const write = async (name: string, body: Uint8Array) => {
    await mkdir(dirname(join(dir, name)), PRIVATE_DIR);
    await writeFile(join(dir, name), body, PRIVATE_FILE);
    files[name] = checksumOf(body);
  };
  let mediaKeys: string[] = [];
  // One repeatable-read transaction: every table, and the images the rows use, read as of the same
  // moment (an image removed since may be deleted by the media sweep, but not for its grace period).
  await handle.db.transaction(async (tx) => {
    if (handle.driver === 'postgres') await tx.execute(sql`set transaction isolation level repeatable read`);
    for (const table of tablesInDependencyOrder()) {
      const name = getTableName(table);
      const all: Record<string, unknown>[] = [];
      for (let offset = 0; ; offset += BATCH) {
        const batch = await rows(
          tx,
          sql.raw(
            `select row_to_json(t) as row from (select * from ${quoted(name)} order by 1 limit ${BATCH} offset ${offset}) t`,
          ),
        );
        all.push(...batch.map((r) => (typeof r.row === 'string' ? JSON.parse(r.row) : r.row)));
        if (batch.length < BATCH) break;
      }
      counts[name] = all.length;
      await write(`tables/${name}.json`, Buffer.from(JSON.stringify(all)));
    }
    mediaKeys = [...(await referencedMediaKeys(tx))].sort();
  });
  let mediaCount = 0;
  // Every stored image has all its renditions: one that cannot be read is missing from this
  // storage (a backup run away from the server's DATA_DIR/media, say), and the caller must say so.
  const missingMedia: string[] = [];
  for (const key of mediaKeys) {
    for (const width of IMAGE_WIDTHS) {
      const file = renditionKey(key, width);
      const body = await media.get(file);
      if (!body) {
        missingMedia.push(file);
        continue;
      }
      await write(`media/${file}`, body);
      mediaCount += 1;
    }
  }
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    driver: handle.driver,
    migration,
    tables: counts,
    media: mediaCount,
    ...(missingMedia.length ? { missingMedia } : {}),
    files,
  };
  await writeFile(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, PRIVATE_FILE);
  return manifest;
}

async function mediaFiles(root: string, prefix = ''): Promise<string[]> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(join(root, prefix), { withFileTypes: true });
  } catch {
    return [];
  }
  const files: string[] = [];
  for (const entry of entries) {
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await mediaFiles(root, key)));
    else files.push(key);
  }
  return files;
}

/**
 * Restores a backup into a database that holds no shop data yet (a fresh one, migrated by nothing
 * past the backup's schema), its rows in one transaction: either every row the manifest counts is
 * back or none is; the migrations after the backup's run once they are in. A backup of a newer schema
 * is refused before anything is written, and so is one whose files do not all match the sizes and
 * SHA-256s its manifest records (a copy cut short, a file changed since). Media go first (their
 * names are their contents' hashes, so a second try writes the same files), then the rows, each
 * table's file checked against the manifest's count first. Answers what was restored.
 */
export async function restoreFrom(
  handle: DatabaseHandle,
  media: MediaStorage,
  dir: string,
): Promise<Manifest> {
  const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as Manifest;
  if (manifest.format !== BACKUP_FORMAT) throw new Error(`Unknown backup format ${manifest.format}.`);
  // Restored into this code's schema, a newer one's tables and columns would be silently dropped.
  const { migration } = manifest;
  if (migration && !knownMigrations().some((m) => m.index === migration.index && m.tag === migration.tag)) {
    throw new Error(
      `This backup was made by a newer release (database schema ${migration.tag}); restore it with that release or a later one.`,
    );
  }
  // Before the database is touched (a refused copy leaves it as it was, for a good copy to go into),
  // and before the counts, so a missing file is named; a backup without checksums goes by its counts.
  if (manifest.files) await verifyFiles(dir, manifest.files);
  const root = join(dir, 'media');
  const files = await mediaFiles(root);
  if (files.length !== manifest.media) {
    throw new Error(
      `The backup holds ${files.length} media files where its manifest counts ${manifest.media}.`,
    );
  }
  // The rows go in at the backup's own schema, and the migrations since then run over them after, as
  // they ran over a database upgraded in place: what they fill in for existing rows (a failed
  // refund's order flagged for staff, a waiting email's order) is filled in for these too. A backup
  // that does not name its migration goes into today's schema.
  const latest = knownMigrations().at(-1)!;
  const schemaOfBackup = migration ?? latest;
  await migrateThrough(handle, schemaOfBackup.index === latest.index ? undefined : schemaOfBackup.index);
  const [{ users = 0, shop = 0 } = {}] = await rows(
    handle.db,
    sql`select (select count(*) from users)::int as users, (select count(*) from shop)::int as shop`,
  );
  if (Number(users) > 0 || Number(shop) > 0) {
    throw new Error('The database already holds data: restore into a fresh, empty database.');
  }
  if ((await latestAppliedMigration(handle.db))?.index !== schemaOfBackup.index) {
    throw new Error(
      `This database was already migrated past the backup's schema (${schemaOfBackup.tag}): restore into a new, empty database that no server or db:migrate has opened, so the migrations since then update the restored rows.`,
    );
  }
  for (const key of files) await media.put(key, await readFile(join(root, key)), 'image/webp');

  const restored: Record<string, number> = {};
  await handle.db.transaction(async (tx) => {
    for (const table of tablesInDependencyOrder()) {
      const name = getTableName(table);
      const expected = manifest.tables[name];
      // A table added after the backup was made: nothing to restore into it.
      if (expected === undefined) continue;
      const file = join(dir, 'tables', `${name}.json`);
      let data: Record<string, unknown>[];
      try {
        data = JSON.parse(await readFile(file, 'utf8'));
      } catch (error) {
        throw new Error(`The backup's ${file} cannot be read: nothing was restored.`, { cause: error });
      }
      if (data.length !== expected) {
        throw new Error(
          `${file} holds ${data.length} rows where the manifest counts ${expected}: nothing was restored.`,
        );
      }
      if (data.length > 0) {
        // Only columns both the backup and today's schema know; newer columns take their defaults.
        const current = new Set(getTableConfig(table).columns.map((column) => column.name));
        const columns = Object.keys(data[0] ?? {}).filter((column) => current.has(column));
        const list = columns.map(quoted).join(', ');
        for (let at = 0; at < data.length; at += BATCH) {
          const chunk = JSON.stringify(data.slice(at, at + BATCH));
          await tx.execute(
            sql`${sql.raw(`insert into ${quoted(name)} (${list}) select ${list} from json_populate_recordset(null::${quoted(name)}, `)}${chunk}::json)`,
          );
        }
      }
      restored[name] = data.length;
    }
  });
  if (schemaOfBackup.index !== latest.index) await handle.migrate();
  return { ...manifest, tables: restored, media: files.length };
}
