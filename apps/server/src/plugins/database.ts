import {
  type Database,
  type DatabaseHandle,
  latestAppliedMigration,
  openDatabase,
  type Transaction,
} from '@barbershop/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    database: DatabaseHandle & { migrated: () => boolean };
  }
}

export type DatabasePluginOptions = {
  /** A database the caller owns and closes (tests). */
  handle?: DatabaseHandle | undefined;
  /** The configured database, already being opened: closed with the app, like one opened here. */
  opening?: Promise<DatabaseHandle> | undefined;
  url?: string | undefined;
  dataDir: string;
};

const RETRY_MS = 5000;
const NEWER_SCHEMA =
  'This database was migrated by a newer release than this one, which serves it but keeps nothing that release added up to date: start the newer release again, or restore the backup taken before upgrading (docs/operations.md, "Upgrading").';

/**
 * Opens (or adopts) the database and migrates it. A server that cannot reach PostgreSQL at boot
 * still starts, answers /readyz with 503, and keeps retrying, so an orchestrator can wait for it.
 */
export const databasePlugin = fp(
  async (app: FastifyInstance, options: DatabasePluginOptions) => {
    const handle =
      options.handle ??
      (await (options.opening ?? openDatabase({ url: options.url, dataDir: options.dataDir })));
    let migrated = false;
    let timer: NodeJS.Timeout | undefined;
    const attempt = async () => {
      try {
        await handle.migrate();
        // The previous release started on a database a newer one migrated (a rollback by redeploying):
        // nothing fails, as the migrations only add, so without a word nobody would know.
        if (!(await latestAppliedMigration(handle.db))) app.log.error(NEWER_SCHEMA);
        migrated = true;
      } catch (error) {
        if (handle.driver === 'pglite') throw error;
        app.log.error({ err: error }, `database unavailable; retrying in ${RETRY_MS / 1000}s`);
        timer = setTimeout(attempt, RETRY_MS);
        timer.unref();
      }
    };
    await attempt();
    app.decorate('database', Object.assign(handle, { migrated: () => migrated }));
    app.decorate('db', handle.db);
    app.addHook('onClose', async () => {
      clearTimeout(timer);
      if (!options.handle) await handle.close();
    });
  },
  { name: 'database' },
);

/** True when the error, or one it wraps (Drizzle wraps driver errors), is a unique-constraint violation. */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Runs `work` in one transaction. A unique violation (another request raced past the service's own
 * check for a taken name) is answered as that check would have: `conflict()`.
 */
export async function transactionOrConflict<T>(
  db: Database,
  conflict: () => Error,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    throw isUniqueViolation(error) ? conflict() : error;
  }
}
