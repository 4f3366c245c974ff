import { chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { dataDirectoryFailure } from './data-directory.ts';
import { lockDirectory } from './lock.ts';
import { MIGRATIONS_FOLDER } from './migrations.ts';
import { pgliteForDrizzle } from './pglite-parsers.ts';
import { CONNECTION, openPool, STATEMENT_TIMEOUT_MS } from './pool.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type every repository uses, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Executor = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** Applies the project's migrations, or those of another folder (a test of one migration). */
  migrate(folder?: string): Promise<void>;
  /** A cheap round trip for readiness checks. */
  ping(): Promise<void>;
  /**
   * Listens on a NOTIFY channel through a connection of its own (PostgreSQL) or the one connection
   * (PGlite). `onLive(false)` when notifications may have been missed (the connection dropped),
   * `onLive(true)` once listening again. Resolves to a function that stops listening.
   */
  listen(channel: string, handlers: NotifyHandlers): Promise<() => Promise<void>>;
  /** NOTIFY on a channel (delivered at commit, in commit order, to every listener). */
  notify(channel: string, payload: string): Promise<void>;
  /** The embedded database's whole data directory, for `startFrom`; none for PostgreSQL. */
  snapshot?(): Promise<Blob>;
  /**
   * Vacuums the embedded database, table by table: PGlite runs no autovacuum, so without this the
   * space of every deleted or replaced row (ended sessions and rate-limit windows, swept images,
   * changed orders) is never reused and its files only grow. Stops between tables once `signal` is
   * aborted (a server shutting down). None for PostgreSQL, whose autovacuum does it.
   */
  vacuum?(signal?: AbortSignal): Promise<void>;
  close(): Promise<void>;
};

export type NotifyHandlers = { onNotify(payload: string): void; onLive(live: boolean): void };

const RELISTEN_MS = 1000;
/** The embedded database's buffer pool (PostgreSQL's default is 128 MB). */
export const EMBEDDED_SHARED_BUFFERS = '16MB';

/** A dedicated PostgreSQL connection holding LISTEN, reconnecting after it drops. */
async function listenPg(url: string, channel: string, { onNotify, onLive }: NotifyHandlers) {
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const connect = async () => {
    const next = new pg.Client({ ...CONNECTION, connectionString: url });
    let lost = false;
    const drop = () => {
      if (lost || stopped) return;
      lost = true;
      onLive(false);
      next.end().catch(() => {});
      timer = setTimeout(connect, RELISTEN_MS);
      timer.unref();
    };
    next.on('error', drop);
    next.on('end', drop);
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch {
      drop();
      return;
    }
    if (stopped) {
      await next.end();
      return;
    }
    client = next;
    onLive(true);
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await client?.end().catch(() => {});
  };
}

export type DatabaseOptions = {
  /** postgres://... for a server; empty for the embedded database. */
  url?: string | undefined;
  /** Where the embedded database lives: a directory, or 'memory://' for tests. */
  dataDir: string;
  /**
   * An embedded database to start from, as `snapshot()` gave it. Creating one takes PGlite ~2 s and
   * loading one ~0.4 s, so tests start each database from one migrated copy.
   */
  startFrom?: Blob;
  /**
   * How long one statement may run on PostgreSQL before it is cancelled: STATEMENT_TIMEOUT_MS unless
   * a task needs longer (a backup's batches of rows) or a test less.
   */
  statementTimeoutMs?: number;
};

/** Opens PostgreSQL through a pool when a URL is given, else PGlite in the data directory. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const url = options.url;
    const pool = openPool(url, options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS);
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      driver: 'postgres',
      // On a connection of its own, with no bound: a migration may rewrite a large table, or wait for
      // the locks of the copies still serving the previous release.
      migrate: async (folder = MIGRATIONS_FOLDER) => {
        const client = new pg.Client({ ...CONNECTION, connectionString: url });
        // A lost connection fails the statement in flight; unheard, its 'error' event would end the process.
        client.on('error', () => {});
        await client.connect();
        try {
          await migratePg(drizzlePg(client), { migrationsFolder: folder });
        } finally {
          await client.end();
        }
      },
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      listen: (channel, handlers) => listenPg(url, channel, handlers),
      notify: async (channel, payload) => {
        await pool.query('select pg_notify($1, $2)', [channel, payload]);
      },
      close: () => pool.end(),
    };
  }
  // Loaded only for the embedded database: a server on PostgreSQL starts without its ~500 KB.
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  let release = () => {};
  let dataDir = options.dataDir;
  let client: InstanceType<typeof PGlite>;
  let forDrizzle: Awaited<ReturnType<typeof pgliteForDrizzle>>;
  try {
    if (!dataDir.startsWith('memory://')) {
      mkdirSync(dataDir, { recursive: true });
      // PGlite opened twice on one directory corrupts it, so one process at a time.
      release = lockDirectory(dataDir);
      dataDir = join(dataDir, 'db');
      // Every customer's data is in there, and PGlite writes its files readable and writable by every
      // user of the machine (0666): the folder is this user's alone, as PostgreSQL requires of its own.
      // An older one, made by PGlite as 0755, is closed too.
      mkdirSync(dataDir, { recursive: true, mode: 0o700 });
      chmodSync(dataDir, 0o700);
    }
    // Postgres writes over all of its shared buffers as it starts, and in PGlite they stay resident:
    // PostgreSQL's default 128 MB cost ~120 MB of RSS for a database of a few tens of MB, whose other
    // pages come from the OS page cache anyway (docs/operations.md).
    client = new PGlite(dataDir, {
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`],
      loadDataDir: options.startFrom,
    });
    forDrizzle = await pgliteForDrizzle(client);
  } catch (error) {
    release();
    throw dataDirectoryFailure(error, options.dataDir) ?? error;
  }
  const db = drizzlePglite({ client: forDrizzle, schema }) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    migrate: (folder = MIGRATIONS_FOLDER) =>
      migratePglite(drizzlePglite({ client: forDrizzle }), { migrationsFolder: folder }),
    ping: async () => {
      await client.query('select 1');
    },
    // One process, one connection: a notification arrives before the statement that sent it returns.
    listen: async (channel, { onNotify, onLive }) => {
      const unlisten = await client.listen(channel, onNotify);
      onLive(true);
      // Closing the database ends its listeners too.
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    notify: async (channel, payload) => {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    snapshot: () => client.dumpDataDir('none'),
    vacuum: async (signal) => {
      // One statement a table, so requests wait for one table's vacuum at most, never the whole
      // database's. The system catalogs too, so their transaction ids are frozen as autovacuum would;
      // the shop's own tables have their statistics refreshed as well, for the planner.
      const tables = await client.query<{ name: string; own: boolean }>(
        `select c.oid::regclass::text as name, n.nspname = 'public' as own
           from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relkind in ('r', 'm') and c.relpersistence = 'p' and n.nspname <> 'information_schema'`,
      );
      for (const { name, own } of tables.rows) {
        if (signal?.aborted) return;
        await client.exec(`vacuum ${own ? '(analyze) ' : ''}${name}`);
        // PGlite answers without I/O: only a turn of the event loop lets the requests waiting for
        // this table's vacuum in before the next table's.
        await nextTurn();
      }
    },
    close: async () => {
      await client.close();
      release();
    },
  };
}
