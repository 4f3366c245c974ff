import type { AddressInfo } from 'node:net';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { openDatabase, POOL_SIZE, schema } from '@barbershop/db';
import { createProduct, createUser } from '@barbershop/db/factories';
import { openTestDatabase } from '@barbershop/db/testing';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createSession, sessionCookieName } from '../plugins/session.ts';
import { databaseUrlOf } from '../test/processes.ts';
import { createShop } from '../test/shop.ts';

/**
 * A TCP proxy in front of PostgreSQL that the test cuts (every connection dropped, new ones
 * refused), silences (every connection kept open but nothing passed either way, as on a network
 * that drops packets) and restores.
 */
async function cuttableProxy(target: URL) {
  let cut = false;
  let silent = false;
  const open = new Set<Socket>();
  const server: Server = createServer((client) => {
    if (cut) {
      client.destroy();
      return;
    }
    const upstream = connect(Number(target.port || 5432), target.hostname);
    if (silent) for (const socket of [client, upstream]) socket.pause();
    // One side gone (PostgreSQL ended the session, the pool closed it), the other goes too.
    const both = () => {
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => {
        open.delete(socket);
        both();
      });
      socket.on('error', both);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cut: () => {
      cut = true;
      for (const socket of open) socket.destroy();
    },
    silence: () => {
      silent = true;
      for (const socket of open) socket.pause();
    },
    restore: () => {
      cut = false;
      silent = false;
      for (const socket of open) socket.resume();
    },
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** The server's bound on one statement here: short, so that a test of a silent network is quick. */
const STATEMENT_TIMEOUT_MS = 300;
const UNAVAILABLE = {
  error: {
    code: 'unavailable',
    message: 'The service is unavailable right now. Please try again shortly.',
  },
};

// Issue 13, point 4: the database goes away mid-run and comes back, the server never restarted.
describe.runIf(process.env.TEST_DB === 'postgres')('the database stopped mid-run', () => {
  let direct: Awaited<ReturnType<typeof openTestDatabase>>;
  let proxy: Awaited<ReturnType<typeof cuttableProxy>>;
  let viaProxy: Awaited<ReturnType<typeof openDatabase>>;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let product: Awaited<ReturnType<typeof createProduct>>;

  beforeAll(async () => {
    direct = await openTestDatabase();
    await createShop(direct.db);
    product = await createProduct(direct.db, { category: 'Hats' }, { stock: { 'One Size Fits All': 40 } });
    const url = new URL(await databaseUrlOf(direct));
    proxy = await cuttableProxy(new URL(url));
    url.host = `127.0.0.1:${proxy.port}`;
    viaProxy = await openDatabase({
      url: url.toString(),
      dataDir: '',
      statementTimeoutMs: STATEMENT_TIMEOUT_MS,
    });
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '/tmp/barbershop-db-fault',
      SESSION_SECRET: 'd'.repeat(32),
    });
    app = await buildApp(config, { database: viaProxy, web: false, logger: false });
  });
  afterAll(async () => {
    proxy?.restore();
    await app?.close();
    await viaProxy?.close();
    await proxy?.stop();
    await direct?.close();
  });

  const customer = async () => {
    const user = await createUser(direct.db);
    return { user, cookie: `${sessionCookieName(false)}=${await createSession(direct.db, user.id)}` };
  };
  const pay = (cookie: string) =>
    app.inject({
      method: 'POST',
      url: '/api/payment/create-payment-intent',
      headers: { cookie },
      payload: { products: [{ _id: product.id, size: 'One Size Fits All', quantity: 1 }] },
    });
  const units = async () => {
    const [stock] = await direct.db
      .select()
      .from(schema.productStock)
      .where(eq(schema.productStock.productId, product.id));
    const [reserved] = await direct.db
      .select({ n: sql<number>`coalesce(sum(${schema.orderLines.quantity}), 0)::int` })
      .from(schema.orderLines)
      .innerJoin(schema.orders, eq(schema.orders.id, schema.orderLines.orderId))
      .where(and(eq(schema.orderLines.productId, product.id), eq(schema.orders.status, 'pending')));
    return stock!.quantity + reserved!.n;
  };

  /** Readiness, awaited for up to 5 s: the pool finds its database again on a later query. */
  const becomesReady = () =>
    expect
      .poll(async () => (await app.inject('/readyz')).statusCode, { interval: 100, timeout: 5000 })
      .toBe(200);
  /**
   * Twenty checkouts, answered once `fault` has struck: it strikes as soon as the database is seen
   * (from outside) working on one of them, a statement running or a transaction open. Each answer is
   * 200 or 503, and some are 503: the fault did meet checkouts in flight.
   */
  const checkoutsStruckBy = async (fault: () => Promise<void> | void) => {
    const customers = await Promise.all(Array.from({ length: 20 }, customer));
    const inFlight = customers.map(({ cookie }) => pay(cookie));
    const busy = async () => {
      const result = (await direct.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database()
            and pid <> pg_backend_pid() and state in ('active', 'idle in transaction')`,
      )) as unknown as { rows: { n: number }[] };
      return result.rows[0]!.n;
    };
    await expect.poll(busy, { interval: 1, timeout: 5000 }).toBeGreaterThan(0);
    await fault();
    const answers = await Promise.all(inFlight);
    expect(answers.every((answer) => answer.statusCode === 200 || answer.statusCode === 503)).toBe(true);
    expect(answers.some((answer) => answer.statusCode === 503)).toBe(true);
    return { customers, answers };
  };
  /** No unit lost and no order without its lines, read through a connection of the test's own. */
  const expectWholeOrders = async (answers: { statusCode: number; json(): { orderId: string } }[]) => {
    expect(await units()).toBe(40);
    const orders = await direct.db.select().from(schema.orders);
    for (const order of orders) {
      const lines = await direct.db
        .select()
        .from(schema.orderLines)
        .where(eq(schema.orderLines.orderId, order.id));
      expect(lines.length, `order ${order.id}`).toBeGreaterThan(0);
    }
    const paid = answers.filter((answer) => answer.statusCode === 200).map((answer) => answer.json().orderId);
    for (const id of paid) expect(orders.map((order) => order.id)).toContain(id);
  };

  it('answers 503 with a clear message, writes no half order, and recovers without a restart', async () => {
    await becomesReady();
    // Checkouts in flight when the database goes away: each happened whole or not at all.
    const { customers, answers } = await checkoutsStruckBy(() => proxy.cut());

    const readiness = await app.inject('/readyz');
    expect(readiness.statusCode).toBe(503);
    const write = await pay(customers[0]!.cookie);
    expect(write.statusCode).toBe(503);
    expect(write.headers['retry-after']).toBeDefined();
    expect(write.json()).toEqual(UNAVAILABLE);
    expect((await app.inject('/api/shop')).statusCode).toBe(503);

    proxy.restore();
    await expectWholeOrders(answers);

    // Back without a restart: readiness, then a checkout.
    await becomesReady();
    const late = await customer();
    expect((await pay(late.cookie)).statusCode).toBe(200);
    expect(await units()).toBe(40);
  }, 60_000);

  it('survives PostgreSQL ending its sessions (a shutdown or restart, SQLSTATE 57P01) mid-checkout', async () => {
    await becomesReady();
    // What a fast shutdown does to each session: terminated by the server, not dropped on the way.
    const { answers } = await checkoutsStruckBy(async () => {
      await direct.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
      );
    });
    await expectWholeOrders(answers);
    // The pool opens new sessions: the next checkout goes through.
    await becomesReady();
    expect((await pay((await customer()).cookie)).statusCode).toBe(200);
  }, 60_000);

  /** Every connection of the server's pool open and idle, then PostgreSQL silent: nothing answered, nothing refused. */
  const silenceAfterFillingThePool = async () => {
    await becomesReady();
    await Promise.all(Array.from({ length: POOL_SIZE }, () => app.db.execute(sql`select pg_sleep(0.05)`)));
    proxy.silence();
  };

  it('answers 503 when PostgreSQL stops answering, instead of waiting for it forever', async () => {
    const { cookie } = await customer();
    await silenceAfterFillingThePool();
    const started = Date.now();
    const write = await pay(cookie);
    expect(write.statusCode).toBe(503);
    expect(write.headers['retry-after']).toBe('5');
    expect(write.json()).toEqual(UNAVAILABLE);
    // The statement's bound and a second's grace for PostgreSQL's own cancel, not a request timeout.
    expect(Date.now() - started).toBeLessThan(STATEMENT_TIMEOUT_MS + 2000);
    proxy.restore();
    await becomesReady();
    expect((await pay(cookie)).statusCode).toBe(200);
  }, 60_000);

  it('serves again once PostgreSQL answers, after each connection of its pool met the silence in a transaction', async () => {
    await silenceAfterFillingThePool();
    // As the outbox worker's claim every few seconds would: each BEGIN sent into the silence.
    const transactions = Array.from({ length: POOL_SIZE }, () =>
      app.db.transaction((tx) => tx.execute(sql`select 1`)),
    );
    for (const outcome of await Promise.allSettled(transactions)) expect(outcome.status).toBe('rejected');
    proxy.restore();
    await becomesReady();
    expect((await pay((await customer()).cookie)).statusCode).toBe(200);
  }, 60_000);
});
