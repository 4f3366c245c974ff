import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, get, type IncomingHttpHeaders } from 'node:http';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';

const CHILD = join(import.meta.dirname, '../test/shutdown-child.ts');

type Answer = { status: number; headers: IncomingHttpHeaders; body: string; socket: Socket };

function request(port: number, path: string, agent?: Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = get({ host: '127.0.0.1', port, path, agent: agent ?? false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, socket: req.socket as Socket }),
      );
    });
    req.on('error', reject);
  });
}

type Child = { server: ChildProcess; port: number; exited: Promise<number | null>; lines: Interface };

describe('graceful shutdown on SIGTERM', () => {
  let child: ChildProcess | undefined;
  let dataDir: string;
  afterEach(() => {
    if (child?.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function startServer(env: Record<string, string> = {}): Promise<Child> {
    dataDir = mkdtempSync(join(tmpdir(), 'barbershop-shutdown-'));
    const server = spawn(process.execPath, [CHILD], {
      env: { ...process.env, DATA_DIR: dataDir, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child = server;
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    const lines = createInterface({ input: server.stdout! });
    const port = await new Promise<number>((resolve) =>
      lines.on('line', (line) => {
        const listening = /^listening on (\d+)$/.exec(line);
        if (listening) resolve(Number(listening[1]));
      }),
    );
    return { server, port, exited, lines };
  }

  /** Signals the server and waits until its readiness answers 503 (the signal takes a moment to arrive). */
  async function terminate({ server, port }: Child) {
    const signalled = Date.now();
    server.kill('SIGTERM');
    let readiness = await request(port, '/readyz');
    while (readiness.status === 200 && Date.now() - signalled < 1000)
      readiness = await request(port, '/readyz');
    expect(readiness.status).toBe(503);
    expect(JSON.parse(readiness.body)).toEqual({ status: 'unavailable' });
    return signalled;
  }

  it('answers 503 on readiness, finishes requests in flight, closes idle connections and exits 0', async () => {
    const running = await startServer();
    const { port, lines } = running;
    let started = 0;
    const allStarted = new Promise<void>((resolve) =>
      lines.on('line', (line) => {
        if (line === 'slow request started' && ++started === 3) resolve();
      }),
    );

    // A keep-alive connection left idle, and three requests in flight.
    const keepAlive = new Agent({ keepAlive: true });
    const idle = await request(port, '/healthz', keepAlive);
    expect(idle.status).toBe(200);
    const idleClosed = new Promise((resolve) => idle.socket.once('close', resolve));
    const inFlight = [1, 2, 3].map(() => request(port, '/slow'));
    await allStarted;

    const signalled = await terminate(running);
    await idleClosed;
    const answers = await Promise.all(inFlight);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ done: true });
    }
    expect(await running.exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    keepAlive.destroy();
  }, 30_000);

  it('keeps serving new connections for SHUTDOWN_DELAY_MS while readiness answers 503, then exits 0', async () => {
    const running = await startServer({ SHUTDOWN_DELAY_MS: '2000' });
    let exitedAt = 0;
    void running.exited.then(() => (exitedAt = Date.now()));
    const signalled = await terminate(running);

    // A balancer that has not yet seen the 503 still reaches a server, told to close the connection.
    const during = await request(running.port, '/healthz');
    expect(during.status).toBe(200);
    expect(during.headers.connection).toBe('close');
    expect(exitedAt).toBe(0);

    expect(await running.exited).toBe(0);
    expect(exitedAt - signalled).toBeGreaterThanOrEqual(2000);
    expect(exitedAt - signalled).toBeLessThan(10_000);
  }, 30_000);
});
