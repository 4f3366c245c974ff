import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, median, stopProcess, waitFor200 } from './stats.ts';

const SERVER_SRC = join(import.meta.dirname, '../../apps/server/src');
const COMPILE_CACHE = join(import.meta.dirname, '../../node_modules/.cache/server-compile-cache');
/** How many times the server is started to time its cold start. */
const COLD_STARTS = 3;
const PACKAGE_JSON = join(import.meta.dirname, '../../package.json');

/** The V8 flags `npm run start:prod` gives node, read from its script so both start the server alike. */
function startProdNodeFlags(): string[] {
  const script: string = JSON.parse(readFileSync(PACKAGE_JSON, 'utf8')).scripts['start:prod'];
  const flags = / node ((?:--\S+ )*)apps\/server\/src\/main\.ts/.exec(script)?.[1];
  if (flags === undefined) throw new Error(`cannot read the node flags of start:prod: ${script}`);
  return flags.split(' ').filter(Boolean);
}

export type AppServer = {
  base: string;
  pid: number;
  /** The median of `coldStartsMs`. */
  coldStartMs: number;
  /** Each start's milliseconds from spawning the process to its first 200 on the home page. */
  coldStartsMs: number[];
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
 * already ran during seeding), the median of three starts; the first may fill Node's compile cache,
 * as a deployment's first start does, and restarts read it.
 */
export async function startAppServer(db: 'pglite' | 'postgres'): Promise<AppServer> {
  const nodeFlags = startProdNodeFlags();
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
  const base = `http://localhost:${port}`;
  /** Spawns the server and waits for its first 200 on the home page: the milliseconds that took. */
  const spawnServer = async () => {
    const spawned = performance.now();
    // The memory and compile-cache settings of `npm run start:prod` (docs/operations.md).
    const server = spawn(process.execPath, [...nodeFlags, join(SERVER_SRC, 'main.ts')], {
      env: { MALLOC_ARENA_MAX: '2', NODE_COMPILE_CACHE: COMPILE_CACHE, ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child = server;
    server.on('exit', (code, signal) => {
      if (!stopping && child === server) exit = `the server exited (${signal ?? `code ${code}`})`;
    });
    await waitFor200(`${base}/`, 60_000, () => exit);
    return performance.now() - spawned;
  };
  try {
    await runToEnd(join(SERVER_SRC, 'cli/db.ts'), ['seed'], env);
    // One start is one sample of a noisy figure: the median of COLD_STARTS, the last one kept running.
    const coldStartsMs: number[] = [];
    for (let start = 1; start <= COLD_STARTS; start++) {
      coldStartsMs.push(await spawnServer());
      if (start < COLD_STARTS) {
        // Its exit is expected: no longer the server whose exit fails the run.
        const timed = child!;
        child = undefined;
        await stopProcess(timed);
      }
    }
    const server = child!;
    const pid = server.pid!;
    return {
      base,
      pid,
      coldStartMs: median(coldStartsMs),
      coldStartsMs,
      rssMb: () => readRssMb(pid),
      crashed: () => exit,
      stop: async () => {
        stopping = true;
        await stopProcess(server);
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
