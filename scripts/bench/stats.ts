import type { ChildProcess } from 'node:child_process';
import { type AddressInfo, createServer } from 'node:net';

export function median(values: number[]): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
  });
}

/** Polls `url` until it answers 200; resolves to the milliseconds that took. */
export async function waitFor200(url: string, timeoutMs: number, exited?: () => string | undefined) {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    const crash = exited?.();
    if (crash) throw new Error(crash);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - started;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s`);
}

/** Sends SIGTERM to a child process still running and waits for it to exit. */
export async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
