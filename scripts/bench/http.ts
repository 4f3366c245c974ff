import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort, median, stopProcess, waitFor200 } from './stats.ts';

/** An API answer recorded from the real server, for the bare server to replay byte for byte. */
export type RecordedRoute = { method: 'GET' | 'POST'; path: string; contentType: string; body: string };

export type Target = {
  base: string;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /** Headers of one connection's own, added to `headers` (e.g. the signed-in customer it stands for). */
  connectionHeaders?: (connection: Record<string, unknown>) => Record<string, string>;
  /** Builds each request's body from what this connection has seen (e.g. the order it created). */
  body?: (connection: Record<string, unknown>) => string;
  onResponse?: (status: number, body: string, connection: Record<string, unknown>) => void;
};

/** `reference`: a figure with no target of its own, measured to explain another (the probe's ceiling). */
export type HttpKind = 'health' | 'catalogue' | 'ssr' | 'api' | 'reference';
export type HttpEntry = { name: string; kind: HttpKind; target: Target; baseline: Target };

export type HttpResult = {
  name: string;
  kind: HttpKind;
  rps: number;
  baselineRps: number;
  p50Ms: number;
  p99Ms: number;
  baselineP50Ms: number;
  /** The baseline's own p99: how much of an entry's tail the machine and the load generator add. */
  baselineP99Ms: number;
  errors: number;
  rpsRatio: number;
  p50Ratio: number;
};

// A browser's user agent: pages are streamed to people, but rendered whole for crawlers (isbot).
const USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36';

/**
 * autocannon measures latency in whole milliseconds, so a bare route's p50 reads 0: ratios count
 * anything under a millisecond as one.
 */
export function wholeMs(ms: number) {
  return Math.max(ms, 1);
}

type Round = { rps: number; p50: number; p99: number; errors: number };

async function load(target: Target, seconds: number, connections: number): Promise<Round> {
  const result = await autocannon({
    url: target.base,
    connections,
    duration: seconds,
    headers: { 'user-agent': USER_AGENT, ...target.headers },
    requests: [
      {
        method: target.method,
        path: target.path,
        ...(target.body && { headers: { 'content-type': 'application/json' } }),
        ...((target.body || target.connectionHeaders) && {
          setupRequest: (request, context) => ({
            ...request,
            headers: {
              ...request.headers,
              ...target.connectionHeaders?.(context as Record<string, unknown>),
            },
            body: target.body?.(context as Record<string, unknown>),
          }),
        }),
        ...(target.onResponse && {
          onResponse: (status, body, context) =>
            target.onResponse!(status, body, context as Record<string, unknown>),
        }),
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/**
 * Target and baseline in alternating order, `rounds` times, after a short warm-up of each, so both
 * see the same machine (the CPU is shared); each figure is the median over the rounds.
 */
export async function compare(
  entry: HttpEntry,
  options: { rounds: number; roundSeconds: number; connections: number },
): Promise<HttpResult> {
  const { rounds, roundSeconds, connections } = options;
  await load(entry.target, Math.min(1, roundSeconds), connections);
  await load(entry.baseline, Math.min(1, roundSeconds), connections);
  const target: Round[] = [];
  const baseline: Round[] = [];
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 ? [false, true] : [true, false];
    for (const isTarget of order) {
      if (isTarget) target.push(await load(entry.target, roundSeconds, connections));
      else baseline.push(await load(entry.baseline, roundSeconds, connections));
    }
  }
  const m = (rounds: Round[], key: keyof Round) => median(rounds.map((r) => r[key]));
  const rps = m(target, 'rps');
  const baselineRps = m(baseline, 'rps');
  const p50Ms = m(target, 'p50');
  const baselineP50Ms = m(baseline, 'p50');
  return {
    name: entry.name,
    kind: entry.kind,
    rps,
    baselineRps,
    p50Ms,
    p99Ms: m(target, 'p99'),
    baselineP50Ms,
    baselineP99Ms: m(baseline, 'p99'),
    errors: [...target, ...baseline].reduce((sum, r) => sum + r.errors, 0),
    rpsRatio: rps / baselineRps,
    p50Ratio: wholeMs(p50Ms) / wholeMs(baselineP50Ms),
  };
}

/** One answer of the real server to `target`, which must succeed, with its body read whole. */
async function answer(target: Target) {
  const connection = {};
  const response = await fetch(target.base + target.path, {
    method: target.method,
    headers: {
      ...target.headers,
      ...target.connectionHeaders?.(connection),
      ...(target.body && { 'content-type': 'application/json' }),
    },
    body: target.body?.(connection),
  });
  if (!response.ok) throw new Error(`${target.method} ${target.path} answered ${response.status}`);
  return { headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

/** Records an API answer from the real server, to serve the same bytes from the bare server. */
export async function record(target: Target): Promise<RecordedRoute> {
  const { headers, body } = await answer(target);
  return {
    method: target.method,
    path: target.path,
    contentType: headers.get('content-type') ?? 'application/json',
    body: body.toString('base64'),
  };
}

/** What scripts/bench/bare-server.ts serves besides its hello. */
export type BareRoutes = {
  routes: RecordedRoute[];
  /** The headers the real server's /healthz sends beyond a bare answer's, for /healthz/with-headers. */
  probeHeaders: Record<string, string>;
};

/** Headers every HTTP/1.1 answer has, the bare server's included. */
const ANSWER_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/** The headers the real server's answer to `target` carries beyond those a bare Fastify answer has too. */
export async function recordExtraHeaders(target: Target): Promise<Record<string, string>> {
  const { headers } = await answer(target);
  return Object.fromEntries([...headers].filter(([name]) => !ANSWER_HEADERS.has(name)));
}

/** Starts scripts/bench/bare-server.ts in a process of its own, serving `served`. */
export async function startBareServer(served: BareRoutes, dir: string) {
  const file = join(dir, 'bare-routes.json');
  writeFileSync(file, JSON.stringify(served));
  const port = await freePort();
  const child = spawn(process.execPath, [join(import.meta.dirname, 'bare-server.ts'), String(port), file], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exit: string | undefined;
  child.on('exit', (code) => {
    exit = `the bare server exited (${code})`;
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor200(`${base}/healthz`, 30_000, () => exit);
  return {
    base,
    stop: () => stopProcess(child),
  };
}
