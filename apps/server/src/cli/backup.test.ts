import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../test/cli.ts';

// Each run starts Node and opens the embedded database: seconds apiece on a busy two-core machine.
describe('npm run db:backup -- DIR, and db:restore', { timeout: 60_000 }, () => {
  const scratch = mkdtempSync(join(tmpdir(), 'barbershop-backup-cli-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const parent = join(scratch, 'backups');
  /** Runs the backup command line as its npm scripts do, on DATA_DIR `data` of the scratch folder. */
  const cli = (args: string[], data = 'data') => runCli('backup.ts', join(scratch, data), {}, args);
  const backUp = (into = parent) => cli(['backup', into]);

  it('writes each run into a new dated folder of DIR, as a nightly job naming one place needs', async () => {
    const first = backUp();
    expect(first.stderr).toMatch(/^Backed up 0 rows/);
    expect(first.status).toBe(0);
    // The folders are named to the second: the next run starts in a later one.
    await sleep(1000 - (Date.now() % 1000));
    const second = backUp();
    expect(second.stderr).toMatch(/^Backed up 0 rows/);
    expect(second.status).toBe(0);
    const folders = readdirSync(parent).sort();
    expect(folders).toEqual([
      expect.stringMatching(/^backup-\d{4}-\d\d-\d\d-\d{6}$/),
      expect.stringMatching(/^backup-\d{4}-\d\d-\d\d-\d{6}$/),
    ]);
    expect(first.stderr).toContain(` to ${join(parent, folders[0]!)} in `);
    expect(second.stderr).toContain(` to ${join(parent, folders[1]!)} in `);
  });

  it('prints its result on stdout for a script: a backup its folder alone, a restore what it inserted', () => {
    // As in B=$(npm run -s db:backup) && rsync -a "$B" ...
    const backup = backUp(join(scratch, 'to-copy'));
    expect(backup.status).toBe(0);
    const folder = backup.stdout.trim();
    expect(backup.stdout).toBe(`${folder}\n`);
    expect(dirname(folder)).toBe(join(scratch, 'to-copy'));
    expect(existsSync(join(folder, 'manifest.json'))).toBe(true);

    const restore = cli(['restore', folder], 'restored');
    expect(restore.status).toBe(0);
    expect(restore.stdout).toMatch(
      /^Restored 0 rows in \d+ tables and 0 media files from .+ in [\d.]+ s\.\n$/,
    );
    expect(restore.stdout).toContain(` from ${folder} in `);
  });
});
