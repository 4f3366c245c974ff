import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * Runs one of the server's command lines (`db.ts`, `user-role.ts`) as its npm script does, on
 * DATA_DIR `dataDir`, with a test's settings and `env`'s.
 */
export function runCli(script: string, dataDir: string, env: Record<string, string>, args: string[]) {
  return spawnSync(process.execPath, [join(import.meta.dirname, '..', 'cli', script), ...args], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SESSION_SECRET: 'x'.repeat(32),
      ...env,
    },
    encoding: 'utf8',
  });
}
