/**
 * npm run bench -- --sale: a sale, simulated (issue 13). Two copies of the production server on one
 * PostgreSQL database, a product with 100 units, 200 visitors browsing (one view a second each, a
 * closed loop) while 20 customers a second check out (an open loop: create-payment-intent, then the
 * demo card's confirm), each a distinct customer signed in through a session row in the bench's own
 * database. Reports throughput, the error rate and p99 per step, then proves from the database that
 * no unit was lost or oversold, that every paid order has its items and that no email went out twice.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, schema } from '@barbershop/db';
import { createProduct, createUser } from '@barbershop/db/factories';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { createSession, sessionCookieName } from '../../apps/server/src/plugins/session.ts';
import type { Options } from './options.ts';
import { createPostgresDatabase, runToEnd } from './server.ts';
import { freePort, waitFor200 } from './stats.ts';

const SERVER_SRC = join(import.meta.dirname, '../../apps/server/src');
const RESULTS_FILE = join(import.meta.dirname, '../../bench/sale-results.json');
const UNITS = 100;
const SIZE = 'One Size Fits All';
const VISITORS = 200;
const CHECKOUTS_PER_SECOND = 20;
const THINK_MS = 1000;
/** How long the outbox workers (every few seconds) get to send the confirmations after the sale. */
const DRAIN_MS = 30_000;

type Step = 'browse' | 'create-payment-intent' | 'demo-confirm';
type Copy = { base: string; dataDir: string; child: ChildProcess; exit?: string };

function percentile(values: number[], p: number) {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function startCopy(env: NodeJS.ProcessEnv): Promise<Copy> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'barbershop-sale-'));
  const child = spawn(process.execPath, [join(SERVER_SRC, 'main.ts')], {
    env: {
      ...env,
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const copy: Copy = { base: `http://127.0.0.1:${port}`, dataDir, child };
  child.on('exit', (code, signal) => (copy.exit = `a server copy exited (${signal ?? `code ${code}`})`));
  await waitFor200(`${copy.base}/readyz`, 60_000, () => copy.exit);
  return copy;
}

async function stopCopy(copy: Copy) {
  if (copy.child.exitCode === null && copy.child.signalCode === null) {
    const exited = new Promise((resolve) => copy.child.once('exit', resolve));
    copy.child.kill('SIGTERM');
    await exited;
  }
  rmSync(copy.dataDir, { recursive: true, force: true });
}

/** Runs the sale; answers the exit code (1 when an error or a broken invariant was seen). */
export async function runSale(options: Options): Promise<number> {
  const seconds = options.saleSeconds;
  const checkouts = Math.round(seconds * CHECKOUTS_PER_SECOND);
  console.log(
    `sale: 2 copies on PostgreSQL, ${UNITS} units, ${VISITORS} visitors, ${CHECKOUTS_PER_SECOND} checkouts/s for ${seconds} s`,
  );
  const postgres = await createPostgresDatabase();
  const handle = await openDatabase({ url: postgres.url, dataDir: '' });
  const copies: Copy[] = [];
  const problems: string[] = [];
  try {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      DEMO_MODE: 'true',
      DATABASE_URL: postgres.url,
      HOST: '127.0.0.1',
      // Each 503 is logged as a warning; the run counts them itself.
      LOG_LEVEL: 'error',
    };
    const seedDir = mkdtempSync(join(tmpdir(), 'barbershop-sale-seed-'));
    await runToEnd(join(SERVER_SRC, 'cli/db.ts'), ['seed'], { ...env, DATA_DIR: seedDir });
    rmSync(seedDir, { recursive: true, force: true });
    const product = await createProduct(
      handle.db,
      { name: 'Limited Drop Cap', category: 'Hats', priceCents: 3000 },
      { stock: { [SIZE]: UNITS } },
    );
    const cookies: string[] = [];
    for (let i = 0; i < checkouts; i += 50) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(50, checkouts - i) }, async (_, j) => {
          const user = await createUser(handle.db, { name: `Sale Customer ${i + j}` });
          return `${sessionCookieName(false)}=${await createSession(handle.db, user.id)}`;
        }),
      );
      cookies.push(...batch);
    }
    copies.push(...(await Promise.all([startCopy(env), startCopy(env)])));

    // What a visitor browses: the pages that exist on this build and the API reads behind them.
    const candidates = [
      '/',
      '/store',
      `/store/${product.slug}`,
      '/barbershops/barbers',
      '/api/shop',
      '/api/products/published',
      `/api/products/store/${product.slug}`,
    ];
    const browsed: string[] = [];
    for (const path of candidates) {
      const response = await fetch(copies[0]!.base + path);
      await response.arrayBuffer();
      if (response.status === 200) browsed.push(path);
      else console.log(`sale: not browsing ${path} (answers ${response.status}: not built yet)`);
    }

    const latency: Record<Step, number[]> = { browse: [], 'create-payment-intent': [], 'demo-confirm': [] };
    const unexpected: string[] = [];
    let requests = 0;
    let soldOut = 0;
    let paid = 0;
    const timed = async (step: Step, url: string, init?: RequestInit) => {
      const start = performance.now();
      requests += 1;
      try {
        const response = await fetch(url, init);
        const body = await response.text();
        latency[step].push(performance.now() - start);
        return { status: response.status, body };
      } catch (error) {
        return { status: 0, body: (error as Error).message };
      }
    };
    const post = (cookie: string, body: unknown): RequestInit => ({
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

    const started = performance.now();
    const endAt = started + seconds * 1000;
    const visitors = Array.from({ length: VISITORS }, async (_, v) => {
      // Spread the first views over the first think time, as arrivals would be.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * THINK_MS));
      while (performance.now() < endAt) {
        const path = browsed[Math.floor(Math.random() * browsed.length)]!;
        const { status } = await timed('browse', copies[v % 2]!.base + path);
        if (status !== 200) unexpected.push(`browse ${path}: ${status}`);
        await new Promise((resolve) => setTimeout(resolve, THINK_MS * (0.5 + Math.random())));
      }
    });
    const checkout = async (i: number) => {
      const base = copies[i % 2]!.base;
      const cookie = cookies[i]!;
      const intent = await timed(
        'create-payment-intent',
        `${base}/api/payment/create-payment-intent`,
        post(cookie, { products: [{ _id: product.id, size: SIZE, quantity: 1 }] }),
      );
      if (intent.status === 409) {
        soldOut += 1;
        return;
      }
      if (intent.status !== 200) {
        unexpected.push(`create-payment-intent: ${intent.status} ${intent.body.slice(0, 120)}`);
        return;
      }
      const { orderId } = JSON.parse(intent.body) as { orderId: string };
      const confirm = await timed(
        'demo-confirm',
        `${base}/api/payment/demo/confirm`,
        post(cookie, { orderId }),
      );
      if (confirm.status === 200) paid += 1;
      else unexpected.push(`demo-confirm: ${confirm.status} ${confirm.body.slice(0, 120)}`);
    };
    const inFlight: Promise<void>[] = [];
    for (let i = 0; i < checkouts; i += 1) {
      const due = started + (i * 1000) / CHECKOUTS_PER_SECOND;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      inFlight.push(checkout(i));
    }
    await Promise.all([...inFlight, ...visitors]);
    const elapsed = (performance.now() - started) / 1000;
    for (const copy of copies) if (copy.exit) problems.push(copy.exit);

    // Proofs, from the database both copies wrote.
    const db = handle.db;
    const [stock] = await db
      .select({ n: sql<number>`coalesce(sum(${schema.productStock.quantity}), 0)::int` })
      .from(schema.productStock)
      .where(eq(schema.productStock.productId, product.id));
    const [reserved] = await db
      .select({ n: sql<number>`coalesce(sum(${schema.orderLines.quantity}), 0)::int` })
      .from(schema.orderLines)
      .innerJoin(schema.orders, eq(schema.orders.id, schema.orderLines.orderId))
      .where(and(eq(schema.orderLines.productId, product.id), eq(schema.orders.status, 'pending')));
    const [sold] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.productItems)
      .where(eq(schema.productItems.productId, product.id));
    const units = { stock: stock!.n, reserved: reserved!.n, sold: sold!.n };
    if (units.stock + units.reserved + units.sold !== UNITS) {
      problems.push(`sold ${units.sold} + reserved ${units.reserved} + stock ${units.stock} != ${UNITS}`);
    }
    if (units.stock < 0) problems.push(`stock is negative (${units.stock})`);
    const paidOrders = await db
      .select({
        id: schema.orders.id,
        units: sql<number>`(select coalesce(sum(quantity), 0)::int from order_lines l where l.order_id = orders.id and l.product_id = ${product.id})`,
        items: sql<number>`(select count(*)::int from product_items i where i.order_id = orders.id)`,
      })
      .from(schema.orders)
      .where(eq(schema.orders.status, 'processing'));
    const ofSale = paidOrders.filter((order) => order.units > 0);
    const withoutItems = ofSale.filter((order) => order.items !== order.units);
    if (withoutItems.length) problems.push(`${withoutItems.length} paid orders without all their items`);
    if (ofSale.length < paid)
      problems.push(`${paid} confirms answered 200 but ${ofSale.length} orders are paid`);

    // Every confirmation leaves the outbox once: the workers of both copies share its rows.
    const drainUntil = performance.now() + DRAIN_MS;
    let unsent = Number.POSITIVE_INFINITY;
    while (performance.now() < drainUntil) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(schema.outbox)
        .where(isNull(schema.outbox.sentAt));
      unsent = row!.n;
      if (unsent === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    if (unsent) problems.push(`${unsent} emails still unsent ${DRAIN_MS / 1000} s after the sale`);
    const confirmations = await db
      .select({ id: schema.outbox.id })
      .from(schema.outbox)
      .where(sql`${schema.outbox.dedupeKey} like 'order-confirmation:%'`);
    if (confirmations.length !== ofSale.length) {
      problems.push(`${confirmations.length} confirmation emails for ${ofSale.length} paid orders`);
    }
    const files = copies.flatMap((copy) => {
      const dir = join(copy.dataDir, 'outbox');
      return existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.eml')) : [];
    });
    const sentTwice = files.length - new Set(files).size;
    if (sentTwice) problems.push(`${sentTwice} emails sent by both copies`);
    const confirmationIds = new Set(confirmations.map((row) => `${row.id}.eml`));
    const confirmationsSent = files.filter((name) => confirmationIds.has(name)).length;
    if (confirmationsSent !== confirmations.length) {
      problems.push(`${confirmationsSent} of ${confirmations.length} confirmation emails written out`);
    }
    for (const message of new Set(unexpected)) problems.push(`unexpected answer: ${message}`);

    const errorRate = unexpected.length / Math.max(1, requests);
    const steps = Object.fromEntries(
      (Object.keys(latency) as Step[]).map((step) => [
        step,
        {
          count: latency[step].length,
          p50Ms: Math.round(percentile(latency[step], 50) * 10) / 10,
          p99Ms: Math.round(percentile(latency[step], 99) * 10) / 10,
        },
      ]),
    );
    const results = {
      at: new Date().toISOString(),
      seconds: Math.round(elapsed * 10) / 10,
      requests,
      throughputPerSecond: Math.round((requests / elapsed) * 10) / 10,
      errors: unexpected.length,
      errorRate,
      checkouts: { started: checkouts, paid, soldOut },
      steps,
      units,
      paidOrders: ofSale.length,
      emails: { confirmations: confirmations.length, files: files.length, sentTwice },
      problems,
    };
    console.log(
      `sale: ${requests} requests in ${results.seconds} s (${results.throughputPerSecond}/s), ` +
        `${unexpected.length} errors (${(errorRate * 100).toFixed(2)} %)`,
    );
    console.log(`sale: ${checkouts} checkouts: ${paid} paid, ${soldOut} sold out (409)`);
    for (const [step, figures] of Object.entries(steps)) {
      console.log(
        `sale: ${step.padEnd(22)} n=${figures.count} p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms`,
      );
    }
    console.log(
      `sale: sold ${units.sold} + reserved ${units.reserved} + stock ${units.stock} = ${units.sold + units.reserved + units.stock}; ` +
        `${ofSale.length} paid orders, all with their items: ${withoutItems.length === 0}; ` +
        `${confirmations.length} confirmations, ${files.length} emails written, none twice: ${sentTwice === 0}`,
    );
    writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
    for (const problem of problems) console.error(`sale: FAILED: ${problem}`);
    console.log(problems.length ? 'sale: failed' : 'sale: every proof holds');
    return problems.length ? 1 : 0;
  } finally {
    await Promise.all(copies.map(stopCopy));
    await handle.close();
    await postgres.drop();
  }
}
