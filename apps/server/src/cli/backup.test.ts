import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';

const CLI = join(import.meta.dirname, 'backup.ts');

// Each run starts Node and opens the embedded database: seconds apiece on a busy two-core machine.
describe('npm run db:backup -- DIR', { timeout: 60_000 }, () => {
  const scratch = mkdtempSync(join(tmpdir(), 'barbershop-backup-cli-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const parent = join(scratch, 'backups');
  const backUp = () =>
    spawnSync(process.execPath, [CLI, 'backup', parent], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        DATA_DIR: join(scratch, 'data'),
        SESSION_SECRET: 'x'.repeat(32),
      },
      encoding: 'utf8',
    });

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
});
