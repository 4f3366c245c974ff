import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DirectoryLockedError, lockDirectory } from './lock.ts';

const CLIENT = join(import.meta.dirname, 'client.ts');
const DB_CLI = join(import.meta.dirname, '../../../apps/server/src/cli/db.ts');

// A process that opens the embedded database in DATA_DIR, says so, and keeps it open.
const HOLDER = `
  const { openDatabase } = await import(${JSON.stringify(CLIENT)});
  const handle = await openDatabase({ dataDir: process.env.DATA_DIR });
  await handle.migrate();
  console.log('open');
  setInterval(() => {}, 1000);
`;

describe('the embedded database lock', () => {
  let dir: string;
  const children: ChildProcess[] = [];
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'barbershop-lock-'));
  });
  afterEach(() => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  function run(args: string[]) {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, DATA_DIR: dir, NODE_ENV: 'development' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    return { child, exited, stderr: () => stderr };
  }

  async function openHolder() {
    const holder = run(['--input-type=module', '-e', HOLDER]);
    const lines = createInterface({ input: holder.child.stdout! });
    await new Promise<void>((resolve, reject) => {
      lines.on('line', (line) => line === 'open' && resolve());
      holder.exited.then((code) => reject(new Error(`holder exited ${code}: ${holder.stderr()}`)));
    });
    return holder;
  }

  it('recovers the lock of a process killed with SIGKILL, and stops a second live process with a message', async () => {
    const crashed = await openHolder();
    crashed.child.kill('SIGKILL');
    await crashed.exited;
    expect(readFileSync(join(dir, '.lock'), 'utf8')).toContain(String(crashed.child.pid));

    // The next start takes the dead process's lock and opens the database it left.
    const live = await openHolder();
    expect(readFileSync(join(dir, '.lock'), 'utf8')).toContain(String(live.child.pid));

    // A second process on the same DATA_DIR stops, saying who holds it, without a stack trace.
    const second = run([DB_CLI, 'migrate']);
    expect(await second.exited).toBe(1);
    expect(second.stderr()).toContain(`${dir} is in use by process ${live.child.pid}. Stop it first`);
    expect(second.stderr()).not.toMatch(/^\s+at /m);
  }, 60_000);

  it('takes over a lock whose PID now belongs to another process', () => {
    // A live process, but not the one that wrote the lock: it started at another time.
    const other = run(['-e', 'setInterval(() => {}, 1000)']);
    writeFileSync(join(dir, '.lock'), `${other.child.pid} 1`);
    const release = lockDirectory(dir);
    expect(readFileSync(join(dir, '.lock'), 'utf8')).toMatch(new RegExp(`^${process.pid} `));
    release();
  });

  it('refuses a lock held by a live process', () => {
    const other = run(['-e', 'setInterval(() => {}, 1000)']);
    // Written the way lockDirectory writes it, so the holder is recognised.
    const stat = readFileSync(`/proc/${other.child.pid}/stat`, 'utf8');
    const started = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    writeFileSync(join(dir, '.lock'), `${other.child.pid} ${started}`);
    expect(() => lockDirectory(dir)).toThrow(DirectoryLockedError);
  });

  it('lets exactly one of several processes starting at once take a stale lock', async () => {
    writeFileSync(join(dir, '.lock'), '999999999');
    const LOCKER = `
      const { lockDirectory } = await import(${JSON.stringify(join(import.meta.dirname, 'lock.ts'))});
      try { lockDirectory(process.env.DATA_DIR); console.log('locked'); } catch { console.log('refused'); }
      setInterval(() => {}, 1000);
    `;
    // Each racer lives until the test ends: one that exits would leave a stale lock for a racer
    // that a busy machine starts later.
    const racers = Array.from({ length: 6 }, () => run(['--input-type=module', '-e', LOCKER]));
    const outcomes = await Promise.all(
      racers.map(
        (racer) =>
          new Promise<string>((resolve) =>
            createInterface({ input: racer.child.stdout! }).once('line', resolve),
          ),
      ),
    );
    expect(outcomes.filter((o) => o === 'locked')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'refused')).toHaveLength(5);
  });
});
