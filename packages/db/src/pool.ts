import pg from 'pg';

/** Connections the server keeps to PostgreSQL. */
export const POOL_SIZE = 10;
/**
 * How long one statement of the server's may run before PostgreSQL cancels it (SQLSTATE 57014,
 * which the API answers with 503): a request's statements take milliseconds, a lock waited for a
 * little more. Migrations are not bounded (`openDatabase`).
 */
export const STATEMENT_TIMEOUT_MS = 10_000;
// How much longer a statement may go unanswered before its connection is taken for dead: PostgreSQL's
// own cancel has arrived by then, so the silence is a network that drops packets, or a server gone.
const ANSWER_GRACE_MS = 1000;
/** What node-postgres rejects a statement with when query_timeout passes without an answer. */
const UNANSWERED = 'Query read timeout';

/** How every connection to PostgreSQL is made, pooled or not. */
export const CONNECTION = {
  connectionTimeoutMillis: 3000,
  // A connection whose server has gone (a failover, a network that drops packets) is found dead
  // after 10 s of quiet and ten probes a second apart, rather than when it is next used: an idle
  // one in the pool, or one holding a LISTEN, which would otherwise wait for notifications forever.
  keepAlive: true,
  keepAliveInitialDelayMillis: 10_000,
} satisfies pg.ClientConfig;

/**
 * Lent to a transaction (drizzle borrows with `connect()`), a connection goes back to the pool, which
 * closes and drops it, as soon as it is lost: a statement unanswered past query_timeout, or the
 * connection closed. node-postgres would keep a silent one waiting for that answer ahead of whatever
 * is sent next, its transaction still open on the server, and lend it again; drizzle-orm 0.45 never
 * gives back one whose BEGIN failed (drizzle-team/drizzle-orm#6241). Either way a network silent for
 * a while would leave the pool with nothing to lend once PostgreSQL answers again. The transaction's
 * own release then does nothing.
 */
class Pool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: Parameters<pg.Pool['connect']>[0]): void;
  override connect(callback?: Parameters<pg.Pool['connect']>[0]) {
    // pool.query borrows with a callback and gives the connection back with the statement's error.
    if (callback) return super.connect(callback);
    return super.connect().then(givenBackWhenLost);
  }
}

function givenBackWhenLost(client: pg.PoolClient): pg.PoolClient {
  const { query, release } = client;
  let released = false;
  const giveBack = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.query = query;
    client.off('end', closed);
    release(error);
  };
  const closed = () => giveBack(new Error('Connection terminated'));
  client.on('end', closed);
  client.release = giveBack;
  client.query = ((...args: Parameters<typeof query>) => {
    const result = query.apply(client, args) as unknown;
    if (result instanceof Promise)
      result.catch((error: Error) => {
        if (error.message === UNANSWERED) giveBack(error);
      });
    return result;
  }) as typeof query;
  return client;
}

/** The server's connections to PostgreSQL, each statement bounded by `statementTimeoutMs`. */
export function openPool(url: string, statementTimeoutMs: number): pg.Pool {
  const pool = new Pool({
    ...CONNECTION,
    connectionString: url,
    max: POOL_SIZE,
    statement_timeout: statementTimeoutMs,
    query_timeout: statementTimeoutMs + ANSWER_GRACE_MS,
  });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  // Nor one lent out (a transaction between its queries) when PostgreSQL restarts or ends its
  // session: the pool listens only to idle clients, and node-postgres emits the loss as an 'error'
  // event, which unheard ends the process. The query in flight fails with it anyway, the
  // transaction answers 503, and the pool drops the client when it is released.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}
