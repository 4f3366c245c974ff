import { join, resolve } from 'node:path';
import { openDatabase } from '@barbershop/db';
import { backupTo, restoreFrom } from '../backup/backup.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { mediaStorageFor } from '../modules/media/media.storage.ts';

const USAGE = 'Usage: backup <backup [PARENT_DIR] | restore BACKUP_DIR>';
// A backup reads, and a restore writes, each table 2000 rows a statement, paging by OFFSET: on a
// large table of a busy server that can outlast a request's bound. Ten minutes still ends a nightly
// backup on a network gone silent with an error.
const STATEMENT_TIMEOUT_MS = 10 * 60_000;

function stamp(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replaceAll(':', '')
    .replace('T', '-');
}

/**
 * npm run db:backup [-- PARENT_DIR] and npm run db:restore -- BACKUP_DIR: the database and its media
 * (docs/operations.md).
 */
async function main([command, target]: string[]) {
  if (command !== 'backup' && command !== 'restore') throw new ConfigError(USAGE);
  if (command === 'restore' && !target) throw new ConfigError(USAGE);
  const config = loadConfig();
  // Each backup gets a new dated folder in its parent, so a nightly job can name one fixed place.
  const dir =
    command === 'restore'
      ? resolve(target!)
      : join(resolve(target ?? join(config.dataDir, 'backups')), `backup-${stamp(new Date())}`);
  const handle = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    statementTimeoutMs: STATEMENT_TIMEOUT_MS,
  });
  try {
    // A restore migrates by itself: to the backup's schema, then past it once the rows are in.
    if (command === 'backup') await handle.migrate();
    const media = mediaStorageFor(config);
    const started = Date.now();
    const manifest =
      command === 'backup' ? await backupTo(handle, media, dir) : await restoreFrom(handle, media, dir);
    const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
    const verb = command === 'backup' ? 'Backed up' : 'Restored';
    const summary = `${verb} ${rows} rows in ${Object.keys(manifest.tables).length} tables and ${manifest.media} media files ${command === 'backup' ? 'to' : 'from'} ${dir} in ${((Date.now() - started) / 1000).toFixed(1)} s.`;
    // What each command gives a script on stdout (the rest goes to stderr): a backup its folder alone,
    // as in B=$(npm run -s db:backup), and a restore what it inserted.
    if (command === 'backup') {
      console.warn(summary);
      console.log(dir);
    } else console.log(summary);
    const missing = manifest.missingMedia ?? [];
    if (missing.length) {
      // The rows are all written; the images are not, and the run must not pass for a whole backup.
      console.error(
        `${missing.length} image files the database refers to are not in the media storage, so not in this backup (first: ${missing.slice(0, 3).join(', ')}). Run the backup where the images are: on the server's host (DATA_DIR/media), or with the S3_* settings of its bucket.`,
      );
      process.exitCode = 1;
    }
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
