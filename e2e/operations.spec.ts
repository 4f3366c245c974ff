import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../scripts/bench/stats.ts';
import { expect, test } from './fixtures.ts';

// The production start as docs/operations.md gives it, `npm run start:prod`, under an orchestrator
// that signals the process it started: npm, not the server behind it.

test('SIGTERM to `npm run start:prod` reaches the server, which shuts down gracefully', async () => {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'barbershop-start-prod-'));
  let npm: ChildProcess | undefined;
  try {
    const started = spawn('npm', ['run', '-s', 'start:prod'], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEMO_MODE: 'true', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
      // A group of its own, so that whatever is left of it can be stopped at the end, an orphan too.
      detached: true,
    });
    npm = started;
    let output = '';
    started.stdout?.on('data', (chunk: Buffer) => (output += chunk));
    started.stderr?.on('data', (chunk: Buffer) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => started.once('exit', (code) => resolve(code)));
    const health = () =>
      fetch(`http://127.0.0.1:${port}/healthz`).then(
        (response) => response.status,
        () => 0,
      );
    await expect.poll(health, { timeout: 60_000 }).toBe(200);

    started.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('shutting down');
    expect(await health()).toBe(0);
  } finally {
    try {
      if (npm?.pid) process.kill(-npm.pid, 'SIGKILL');
    } catch {
      // Nothing left to stop.
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
});
