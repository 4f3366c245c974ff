import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@barbershop/db';
import { afterAll, describe, expect, it } from 'vitest';

const CLI = join(import.meta.dirname, 'db.ts');

describe('npm run db:reset', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'barbershop-reset-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const reset = (env: Record<string, string>, ...args: string[]) =>
    spawnSync(process.execPath, [CLI, 'reset', ...args], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        SESSION_SECRET: 'x'.repeat(32),
        ...env,
      },
      encoding: 'utf8',
    });

  it('drops a DATABASE_URL database only when it is named on the command line too', () => {
    const result = reset({ DATABASE_URL: 'postgres://shop@127.0.0.1:1/shop_live' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'db:reset drops every table of the database "shop_live" at DATABASE_URL: run npm run db:reset -- shop_live to confirm.',
    );
  });

  it('leaves the embedded database of a running server alone', async () => {
    const running = await openDatabase({ dataDir });
    try {
      await running.migrate();
      const result = reset({});
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/lock|in use|running/i);
      expect(existsSync(join(dataDir, 'db'))).toBe(true);
    } finally {
      await running.close();
    }
  });
});
