import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SHOP_TIME_ZONE } from './shop-time-zone.ts';

// Playwright's webServer: the production server on a fresh, seeded data directory (DATA_DIR, made by
// playwright.config.ts, or a new one) that is removed on exit, so every run starts from the same sample
// data and leaves nothing behind.

const SERVER_SRC = join(import.meta.dirname, '../apps/server/src');
const port = process.env.PORT;
if (!port) throw new Error('e2e/server.ts needs PORT');

const dataDir = process.env.DATA_DIR || (await mkdtemp(join(tmpdir(), 'barbershop-e2e-')));
const env = {
  ...process.env,
  NODE_ENV: 'production',
  DEMO_MODE: 'true',
  DATA_DIR: dataDir,
  HOST: '127.0.0.1',
  PORT: port,
  PUBLIC_URL: `http://localhost:${port}`,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  // Every test signs in from 127.0.0.1 and the dashboard tests share staff members; the limits are
  // tested by the API tests.
  SIGN_IN_RATE_LIMIT: '1000',
  UPLOAD_RATE_LIMIT: '1000',
  SHOP_TIME_ZONE,
};

let child: ReturnType<typeof spawn> | undefined;
let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    stopping = true;
    // The child may already have the signal (same process group); a second one is harmless.
    child?.kill(signal);
    if (!child) void cleanUp(1);
  });
}

async function cleanUp(code: number) {
  await rm(dataDir, { recursive: true, force: true });
  process.exit(code);
}

/** Runs one Node script to its end with the pinned Node, resolving to its exit code. */
function runNode(script: string, args: string[]): Promise<number> {
  child = spawn(process.execPath, [script, ...args], { env, stdio: 'inherit' });
  return new Promise((resolve) => child?.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

const seeded = await runNode(join(SERVER_SRC, 'cli/db.ts'), ['seed']);
if (seeded !== 0 || stopping) await cleanUp(seeded || 1);
await cleanUp(await runNode(join(SERVER_SRC, 'main.ts'), []));
