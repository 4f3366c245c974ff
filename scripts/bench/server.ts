import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, waitFor200 } from './stats.ts';

const SERVER_SRC = join(import.meta.dirname, '../../apps/server/src');
const COMPILE_CACHE = join(import.meta.dirname, '../../node_modules/.cache/server-compile-cache');

export type AppServer = {
  base: string;
  pid: number;
  coldStartMs: number;
  /** The server's resident memory now (VmRSS of its process), in MB. */
  rssMb(): number;
  /** Why the server is no longer running, once it has stopped on its own. */
  crashed(): string | undefined;
  stop(): Promise<void>;
};

/** A database of its own on the PostgreSQL server of DATABASE_URL or TEST_DATABASE_URL, dropped by `drop`. */
export async function createPostgresDatabase() {
  const serverUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('--db postgres needs DATABASE_URL or TEST_DATABASE_URL');
  const name = `bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export function runToEnd(script: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [script, ...args], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  return new Promise<void>((resolve, reject) =>
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${script} exited ${code}`)))),
  );
}

export function readRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
  return kb / 1024;
}

/**
 * The production server on freshly seeded sample data, started the way `npm run start:prod` does.
 * Cold start is the time from spawning the process to its first 200 on the home page (migrations
 * already ran during seeding).
 */
export async function startAppServer(db: 'pglite' | 'postgres'): Promise<AppServer> {
  const postgres = db === 'postgres' ? await createPostgresDatabase() : undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'barbershop-bench-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DEMO_MODE: 'true',
    DATA_DIR: dataDir,
    DATABASE_URL: postgres?.url ?? '',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    LOG_LEVEL: 'warn',
    // Every benchmark request comes from this machine; sign-in happens twice.
    SIGN_IN_RATE_LIMIT: '1000',
    // The payment entry is one customer paying as fast as it can: the per-customer limit would answer 429.
    PAYMENT_RATE_LIMIT: '100000',
  };
  const cleanUp = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  };
  let child: ChildProcess | undefined;
  let exit: string | undefined;
  let stopping = false;
  try {
    await runToEnd(join(SERVER_SRC, 'cli/db.ts'), ['seed'], env);
    const spawned = performance.now();
    // The memory and compile-cache settings of `npm run start:prod` (docs/operations.md).
    child = spawn(process.execPath, ['--max-semi-space-size=8', join(SERVER_SRC, 'main.ts')], {
      env: { MALLOC_ARENA_MAX: '2', NODE_COMPILE_CACHE: COMPILE_CACHE, ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const server = child;
    server.on('exit', (code, signal) => {
      if (!stopping) exit = `the server exited (${signal ?? `code ${code}`})`;
    });
    const base = `http://localhost:${port}`;
    await waitFor200(`${base}/`, 60_000, () => exit);
    const coldStartMs = performance.now() - spawned;
    const pid = server.pid!;
    return {
      base,
      pid,
      coldStartMs,
      rssMb: () => readRssMb(pid),
      crashed: () => exit,
      stop: async () => {
        stopping = true;
        if (server.exitCode === null && server.signalCode === null) {
          const exited = new Promise((resolve) => server.once('exit', resolve));
          server.kill('SIGTERM');
          await exited;
        }
        await cleanUp();
      },
    };
  } catch (error) {
    stopping = true;
    child?.kill('SIGTERM');
    await cleanUp();
    throw error;
  }
}
