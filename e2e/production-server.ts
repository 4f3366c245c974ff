import { type ChildProcess, type StdioOptions, spawn } from 'node:child_process';
import { join } from 'node:path';
import { SHOP_TIME_ZONE } from './shop-time-zone.ts';

const SERVER_SRC = join(import.meta.dirname, '../apps/server/src');

/**
 * The environment the end-to-end suites run the production server in: demo sign-in on this machine,
 * `dataDir` for its data, the shop's time zone the tests read dates in. Every test signs in from
 * 127.0.0.1 and the dashboard tests share staff members, so the sign-in and upload limits are lifted;
 * the API tests test them. `extra` adds to it (Stripe's stand-in, say).
 */
export function productionEnv(
  port: string,
  dataDir: string,
  extra: NodeJS.ProcessEnv = {},
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    DEMO_MODE: 'true',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: port,
    PUBLIC_URL: `http://localhost:${port}`,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    SIGN_IN_RATE_LIMIT: '1000',
    UPLOAD_RATE_LIMIT: '1000',
    SHOP_TIME_ZONE,
    ...extra,
  };
}

/** Runs one of the server's scripts (`main.ts`, `cli/db.ts seed`) with the pinned Node. */
export function runServerScript(
  env: NodeJS.ProcessEnv,
  script: string,
  args: string[] = [],
  stdio: StdioOptions = 'ignore',
): ChildProcess {
  return spawn(process.execPath, [join(SERVER_SRC, script), ...args], { env, stdio });
}
