/**
 * npm run bench: measures the production build on freshly seeded sample data, each figure beside a
 * baseline measured in the same run: first-load JavaScript (every script fetched before the network is
 * idle) against a blank React Router page built here and now; Lighthouse (mobile) per public page;
 * throughput and latency of /healthz, the API reads and page renders against a bare Fastify server
 * (or, for a page, the API read it renders); cold start; server memory. Writes bench/results.json
 * and prints each target with whether it is met (docs/performance.md).
 *
 * A page or endpoint that answers 404, a crash or an error response fails the run; a missed target
 * only with --strict.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { buildBlankPage, serveBlankPage } from './bench/blank.ts';
import { launchBrowser, scriptsBeforeIdle, signInCookie } from './bench/browser.ts';
import {
  compare,
  type HttpEntry,
  type HttpResult,
  type RecordedRoute,
  record,
  recordExtraHeaders,
  startBareServer,
} from './bench/http.ts';
import { type LighthouseFigures, startLighthouse } from './bench/lighthouse.ts';
import { parseOptions } from './bench/options.ts';
import { checkTargets, type PageResult, printResults, type Results, writeResults } from './bench/report.ts';
import { runSale } from './bench/sale.ts';
import { type AppServer, startAppServer } from './bench/server.ts';

const RESULTS_FILE = join(import.meta.dirname, '../bench/results.json');
/** Public pages that exist today: any other answer than 200 fails the run. */
const CORE_PAGES = ['/', '/barbershops/barbers', '/legal/terms', '/legal/privacy'];
const SHOP_API = '/api/shop';
const BARBERS_API = '/api/barbers';
const DEMO_STAFF = 'sam@example.com';

const options = parseOptions(process.argv.slice(2));
if (options.sale) process.exit(await runSale(options));
const started = performance.now();
const scratch = mkdtempSync(join(tmpdir(), 'barbershop-bench-run-'));
const failures: string[] = [];

console.log(
  `bench: ${options.quick ? 'quick' : 'full'} run on ${options.db}, Lighthouse CPU slowdown ${options.cpuSlowdown}`,
);
let blank: Awaited<ReturnType<typeof serveBlankPage>> | undefined;
let server: AppServer | undefined;
let browser: Browser | undefined;
let bare: Awaited<ReturnType<typeof startBareServer>> | undefined;
// Load goes to the address the server listens on; the browser uses PUBLIC_URL's host (cookies).
let direct = '';
const pages: PageResult[] = [];
let blankFigures: LighthouseFigures | undefined;
const http: HttpResult[] = [];
let rssLoad = 0;
let rssIdle = 0;

async function status(path: string, init?: RequestInit) {
  const response = await fetch(direct + path, init);
  await response.arrayBuffer();
  return response.status;
}

/** True when the endpoint is there to measure; a 404 fails the run (a route lost, not skipped). */
async function answers(label: string, path: string, init?: RequestInit) {
  const code = await status(path, init);
  if (code === 404) failures.push(`${label}: ${path} answers 404`);
  return code !== 404;
}

/** The server's RSS once it stops moving (two samples 250 ms apart within 1 MB), at most 5 s on. */
async function settledRss(app: { rssMb(): number }) {
  let last = app.rssMb();
  for (let waited = 0; waited < 5000; waited += 250) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = app.rssMb();
    if (Math.abs(now - last) < 1) return now;
    last = now;
  }
  return last;
}

try {
  await buildBlankPage();
  const blankPage = await serveBlankPage();
  blank = blankPage;
  server = await startAppServer(options.db);
  const app = server;
  direct = app.base.replace('localhost', '127.0.0.1');
  const chrome = await launchBrowser();
  browser = chrome;
  rssIdle = await settledRss(app);

  // Every page and endpoint measured must answer.
  const pagePaths: string[] = [];
  for (const path of CORE_PAGES) {
    const code = await status(path);
    if (code === 200) pagePaths.push(path);
    else failures.push(`${path} answers ${code}`);
  }
  const catalogue = (await answers('store API', '/api/products/published'))
    ? ((await (await fetch(`${direct}/api/products/published`)).json()) as {
        _id: string;
        slug: string;
        stock: { size: string; quantity: number }[];
      }[])
    : undefined;
  const product = catalogue?.[0];
  if (catalogue && !product)
    failures.push('/api/products/published lists no product: the seed has none on sale');
  const storePage = await answers('store page', '/store');
  if (storePage) pagePaths.push('/store');
  if (storePage && product) {
    const code = await status(`/store/${product.slug}`);
    if (code === 200) pagePaths.push(`/store/${product.slug}`);
    else failures.push(`/store/${product.slug} answers ${code}`);
  }
  if (await answers('cart page', '/cart')) pagePaths.push('/cart');
  const payments = await answers('payments', '/api/payment/create-payment-intent', { method: 'POST' });
  const dashboard = await answers('dashboard product list', '/api/products');

  // First-load JavaScript, against the blank page measured the same way.
  const blankJs = await scriptsBeforeIdle(chrome, blankPage.url);
  console.log(`blank page: ${blankJs.files} scripts, ${(blankJs.gzipBytes / 1024).toFixed(1)} KB gzip`);
  const lighthouse = await startLighthouse(options.cpuSlowdown);
  try {
    // A reference without a target: when Lighthouse fails on it, the pages are still measured.
    try {
      blankFigures = await lighthouse.measure(blankPage.url, options.lighthouseRuns);
    } catch (error) {
      console.warn(`blank page not measured by Lighthouse: ${(error as Error).message}`);
    }
    for (const path of pagePaths) {
      const js = await scriptsBeforeIdle(chrome, app.base + path);
      const figures = await lighthouse.measure(app.base + path, options.lighthouseRuns);
      pages.push({
        path,
        ...figures,
        jsFiles: js.files,
        jsGzipBytes: js.gzipBytes,
        blankJsGzipBytes: blankJs.gzipBytes,
        jsRatio: js.gzipBytes / blankJs.gzipBytes,
      });
      console.log(`measured ${path}`);
    }
  } finally {
    await lighthouse.close();
  }

  // HTTP entries: each API read beside the same bytes from a bare Fastify route; each page beside
  // the API read it renders.
  const api = (path: string, headers?: Record<string, string>) => ({
    base: direct,
    method: 'GET' as const,
    path,
    headers,
  });
  const entries: (Omit<HttpEntry, 'baseline'> & { baseline: HttpEntry['baseline'] | 'bare' })[] = [
    { name: 'GET /healthz', kind: 'health', target: api('/healthz'), baseline: 'bare' },
    { name: `GET ${BARBERS_API}`, kind: 'catalogue', target: api(BARBERS_API), baseline: 'bare' },
  ];
  const renders: Record<string, string> = {
    '/': BARBERS_API,
    '/barbershops/barbers': BARBERS_API,
    '/legal/terms': SHOP_API,
    '/legal/privacy': SHOP_API,
  };
  if (product) {
    entries.push(
      {
        name: 'GET /api/products/published',
        kind: 'catalogue',
        target: api('/api/products/published'),
        baseline: 'bare',
      },
      {
        name: 'GET /api/products/store/:name',
        kind: 'catalogue',
        target: api(`/api/products/store/${product.slug}`),
        baseline: 'bare',
      },
    );
    renders['/store'] = '/api/products/published';
    renders[`/store/${product.slug}`] = `/api/products/store/${product.slug}`;
  }
  for (const path of pagePaths) {
    const read = renders[path];
    if (read) entries.push({ name: `SSR ${path}`, kind: 'ssr', target: api(path), baseline: api(read) });
  }
  // Each of the connections holds one unit of one size reserved while it pays.
  const stocked = catalogue?.flatMap((p) => p.stock.map((s) => ({ _id: p._id, ...s })));
  const line = stocked?.find((s) => s.quantity >= options.connections);
  if (payments && !line)
    failures.push(`no seeded product has ${options.connections} units of a size in stock`);
  if (payments && line) {
    // One customer per connection: ten customers paying at once. One customer's own checkouts wait
    // for each other by design (the checkout lease, polled every 50 ms), so ten connections of one
    // customer measured that queue, not the server (docs/performance.md, 2026-11-28).
    const shoppers: string[] = [];
    for (let n = 1; n <= options.connections; n++)
      shoppers.push(await signInCookie(chrome, app.base, `bench-shopper-${n}@example.com`));
    let assigned = 0;
    const cart = [{ _id: line._id, size: line.size, quantity: 1 }];
    entries.push({
      name: 'POST /api/payment/create-payment-intent',
      kind: 'api',
      target: {
        base: direct,
        method: 'POST',
        path: '/api/payment/create-payment-intent',
        headers: { origin: app.base },
        // Every round opens `connections` connections: consecutive shoppers, so no two at once share one.
        connectionHeaders: (connection) => {
          if (connection.cookie === undefined) connection.cookie = shoppers[assigned++ % shoppers.length];
          return { cookie: connection.cookie as string };
        },
        // Each connection is one shopper paying again for the same cart: their pending order is
        // replaced, never doubled, so stock does not run out under load.
        body: (connection) => JSON.stringify({ products: cart, orderId: connection.orderId ?? null }),
        onResponse: (code, body, connection) => {
          if (code === 200) connection.orderId = (JSON.parse(body) as { orderId: string }).orderId;
        },
      },
      baseline: 'bare',
    });
  }
  if (dashboard) {
    const cookie = await signInCookie(chrome, app.base, DEMO_STAFF);
    entries.push({
      name: 'GET /api/products (staff)',
      kind: 'api',
      target: api('/api/products', { cookie }),
      baseline: 'bare',
    });
  }
  const recorded: RecordedRoute[] = [];
  for (const entry of entries)
    if (entry.baseline === 'bare' && entry.target.path !== '/healthz')
      recorded.push(await record(entry.target));
  const probeHeaders = await recordExtraHeaders(api('/healthz'));
  bare = await startBareServer({ routes: recorded, probeHeaders }, scratch);
  const bareBase = bare.base;
  // What the probe's required headers alone cost a bare Fastify: the most /healthz's ratio can reach.
  entries.splice(entries.findIndex((entry) => entry.kind === 'health') + 1, 0, {
    name: 'GET /healthz, bare with our headers',
    kind: 'reference',
    target: { base: bareBase, method: 'GET', path: '/healthz/with-headers' },
    baseline: { base: bareBase, method: 'GET', path: '/healthz' },
  });

  const sampler = setInterval(() => {
    rssLoad = Math.max(rssLoad, app.rssMb());
  }, 200);
  try {
    for (const entry of entries) {
      const baseline =
        entry.baseline === 'bare'
          ? { ...entry.target, base: bareBase, onResponse: undefined }
          : entry.baseline;
      const result = await compare({ ...entry, baseline }, options);
      http.push(result);
      if (result.errors) failures.push(`${entry.name}: ${result.errors} error responses`);
      console.log(`measured ${entry.name}`);
      const crash = app.crashed();
      if (crash) throw new Error(crash);
    }
  } finally {
    clearInterval(sampler);
  }
} catch (error) {
  failures.push(`crashed: ${(error as Error).stack ?? error}`);
} finally {
  const crash = server?.crashed();
  if (crash) failures.push(crash);
  await browser?.close();
  await bare?.stop();
  await server?.stop();
  await blank?.close();
  rmSync(scratch, { recursive: true, force: true });
}

const results: Results = {
  pages,
  cpuSlowdown: options.cpuSlowdown,
  blankPage: blankFigures,
  http,
  rssMb: { idle: rssIdle, load: rssLoad },
  coldStartMs: server?.coldStartMs ?? Number.NaN,
  coldStartsMs: server?.coldStartsMs ?? [],
  failures,
};
const checks = checkTargets(results);
writeResults(RESULTS_FILE, results, checks);
printResults(results, checks);
console.log(`\nwrote ${RESULTS_FILE} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
const missed = checks.some((c) => !c.met);
if (failures.length || (options.strict && missed)) process.exit(1);
