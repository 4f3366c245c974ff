/**
 * npm run bench: serves the production build on a seeded temporary database and measures what a
 * visitor pays on each public page: the JavaScript it loads (gzip) against the budget, and how fast
 * the server renders it (latency percentiles and throughput under a bounded local load).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const PAGES = ['/', '/barbershops/barbers', '/store', '/legal/terms'];
/** DESIGN.md / issue 2: at most 1.4x a blank React Router page (about 110 KB gzip here). */
const JS_BUDGET_GZIP = 154 * 1024;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function run(args: string[], env: NodeJS.ProcessEnv, wait = true) {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (!wait) return { child, done: Promise.resolve() };
  const done = new Promise<void>((resolve, reject) =>
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited ${code}`)),
    ),
  );
  return { child, done };
}

async function waitReady(base: string) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become ready in 30 s');
}

/** Every script a page loads at first: module preloads and module script sources, fetched and gzipped. */
async function pageJavaScript(base: string, path: string) {
  const html = await (await fetch(base + path)).text();
  const urls = new Set<string>();
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/import\s*(?:\(\s*)?"([^"]+\.js)"/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) urls.add(m[1]!);
  let gzip = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(new URL(url, base))).arrayBuffer());
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { files: urls.size, gzip };
}

async function load(base: string, path: string) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < REQUESTS) {
      next++;
      const t = performance.now();
      const response = await fetch(base + path, { headers: { 'accept-encoding': 'gzip' } });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      latencies.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!;
  return { rps: REQUESTS / seconds, p50: pct(50), p95: pct(95), p99: pct(99) };
}

const dataDir = mkdtempSync(join(tmpdir(), 'barbershop-bench-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const env = {
  NODE_ENV: 'production',
  DEMO_MODE: 'true',
  DATA_DIR: dataDir,
  PORT: String(port),
  PUBLIC_URL: `http://localhost:${port}`,
  LOG_LEVEL: 'warn',
};
await run(['apps/server/src/cli/db.ts', 'seed'], env).done;
const coldStart = performance.now();
const server = run(['apps/server/src/main.ts'], env, false).child;
let failed = false;
try {
  await waitReady(base);
  console.log(`cold start to ready: ${((performance.now() - coldStart) / 1000).toFixed(2)} s`);
  console.log(`load: ${REQUESTS} requests per page, ${CONCURRENCY} at a time, from this machine\n`);
  console.log('page                    JS files  JS gzip   budget   req/s   p50 ms  p95 ms  p99 ms');
  for (const path of PAGES) {
    const status = (await fetch(base + path)).status;
    if (status !== 200) {
      console.log(`${path.padEnd(24)}answers ${status}: skipped`);
      continue;
    }
    const js = await pageJavaScript(base, path);
    const timing = await load(base, path);
    const within = js.gzip <= JS_BUDGET_GZIP;
    failed ||= !within;
    console.log(
      [
        path.padEnd(24),
        String(js.files).padStart(8),
        `${(js.gzip / 1024).toFixed(1)} KB`.padStart(9),
        (within ? 'ok' : 'OVER').padStart(8),
        timing.rps.toFixed(0).padStart(7),
        timing.p50.toFixed(1).padStart(8),
        timing.p95.toFixed(1).padStart(7),
        timing.p99.toFixed(1).padStart(7),
      ].join(' '),
    );
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
if (failed) {
  console.error(`\nA page loads more than ${JS_BUDGET_GZIP / 1024} KB of JavaScript (gzip).`);
  process.exit(1);
}
