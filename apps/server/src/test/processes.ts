import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { DatabaseHandle } from '@barbershop/db';
import { sql } from 'drizzle-orm';

const CHILD = join(import.meta.dirname, 'server-child.ts');

export type ServerProcess = {
  base: string;
  child: ChildProcess;
  /** SIGTERM, then waits for the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

/** The URL of the PostgreSQL database a test handle is on (tests on PostgreSQL only). */
export async function databaseUrlOf(handle: DatabaseHandle): Promise<string> {
  const rows = (await handle.db.execute(sql`select current_database() as name`)) as unknown as
    | { rows: { name: string }[] }
    | { name: string }[];
  const name = Array.isArray(rows) ? rows[0]!.name : rows.rows[0]!.name;
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A server process (test/server-child.ts, the pinned Node running the real app) with this
 * environment, its own data directory, answering once it listens.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'barbershop-process-'));
  const child = spawn(process.execPath, [CHILD], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'error', ...env },
    // Its stdin is a pipe from this process: when this process ends, the copy does (server-child.ts).
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  exited.then(() => rmSync(dataDir, { recursive: true, force: true }));
  const port = await new Promise<number>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const listening = /^listening on (\d+)$/.exec(line);
      if (listening) resolve(Number(listening[1]));
    });
    exited.then((code) => reject(new Error(`the server process exited (${code}) before listening`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    child,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
