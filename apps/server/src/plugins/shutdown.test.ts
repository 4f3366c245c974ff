import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, get } from 'node:http';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';

const CHILD = join(import.meta.dirname, '../test/shutdown-child.ts');

type Answer = { status: number; body: string; socket: Socket };

function request(port: number, path: string, agent?: Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = get({ host: '127.0.0.1', port, path, agent: agent ?? false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, socket: req.socket as Socket }));
    });
    req.on('error', reject);
  });
}

describe('graceful shutdown on SIGTERM', () => {
  let child: ChildProcess | undefined;
  let dataDir: string;
  afterEach(() => {
    if (child?.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 on readiness, finishes requests in flight, closes idle connections and exits 0', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'barbershop-shutdown-'));
    const server = spawn(process.execPath, [CHILD], {
      env: { ...process.env, DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child = server;
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    const lines = createInterface({ input: server.stdout! });
    let started = 0;
    let onStarted = () => {};
    const port = await new Promise<number>((resolve) =>
      lines.on('line', (line) => {
        const listening = /^listening on (\d+)$/.exec(line);
        if (listening) resolve(Number(listening[1]));
        if (line === 'slow request started' && ++started === 3) onStarted();
      }),
    );

    // A keep-alive connection left idle, and three requests in flight.
    const keepAlive = new Agent({ keepAlive: true });
    const idle = await request(port, '/healthz', keepAlive);
    expect(idle.status).toBe(200);
    const idleClosed = new Promise((resolve) => idle.socket.once('close', resolve));
    const allStarted = new Promise<void>((resolve) => (onStarted = resolve));
    const inFlight = [1, 2, 3].map(() => request(port, '/slow'));
    await allStarted;

    const signalled = Date.now();
    server.kill('SIGTERM');
    // Readiness turns 503 while the slow requests still run (the signal takes a moment to arrive).
    let readiness = await request(port, '/readyz');
    while (readiness.status === 200 && Date.now() - signalled < 1000)
      readiness = await request(port, '/readyz');
    expect(readiness.status).toBe(503);
    expect(JSON.parse(readiness.body)).toEqual({ status: 'unavailable' });

    await idleClosed;
    const answers = await Promise.all(inFlight);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ done: true });
    }
    expect(await exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    keepAlive.destroy();
  }, 30_000);
});
