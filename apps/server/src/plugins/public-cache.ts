import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { prependRouteHook, SAFE_METHODS, takesApiWrites } from './route-hooks.ts';

/** The tables whose writes the database announces on the `public_cache` channel (migration 0003). */
export type WatchedTable =
  | 'shop'
  | 'barbers'
  | 'barber_services'
  | 'products'
  | 'product_images'
  | 'product_stock';

const CHANNEL = 'public_cache';
const SYNC = 'sync:';

export type PublicCache = {
  /**
   * The value stored under `key`, else `load()`'s, kept until a write to any of `tables`. Concurrent
   * misses share one load. Only for answers that are the same for every visitor.
   */
  read<T>(key: string, tables: readonly WatchedTable[], load: () => Promise<T>): Promise<T>;
  /** Resolves once every write committed before the call has cleared what it affects. */
  sync(): Promise<void>;
  /**
   * For caches kept elsewhere that read every watched table (the page cache): a number that changes
   * with every announced write and whenever listening starts or stops; null while not listening,
   * when nothing may be kept.
   */
  version(): number | null;
};

type Entry = { tables: readonly WatchedTable[]; value: Promise<unknown> };

/**
 * A read-through cache of public reads, emptied by the database itself: triggers NOTIFY each table
 * written to, whichever code or server copy wrote it, and every copy's listener drops the entries
 * that read that table. While the listener is down (PostgreSQL restarting), reads skip the cache.
 */
export function createPublicCache() {
  const entries = new Map<string, Entry>();
  // Bumped by every write to a table: a load that started before a write must not be stored after it.
  const generations = new Map<string, number>();
  const syncs = new Map<string, () => void>();
  const token = randomUUID();
  let counter = 0;
  let live = false;
  let version = 0;
  // Whether something outside may hold the current version: then a write has something to clear.
  let versionHandedOut = false;

  const generation = (tables: readonly string[]) => tables.reduce((n, t) => n + (generations.get(t) ?? 0), 0);

  const invalidate = (table: string) => {
    version++;
    versionHandedOut = false;
    generations.set(table, (generations.get(table) ?? 0) + 1);
    for (const [key, entry] of entries) {
      if (entry.tables.includes(table as WatchedTable)) entries.delete(key);
    }
  };

  const handlers = {
    onNotify(payload: string) {
      if (payload.startsWith(SYNC)) {
        syncs.get(payload)?.();
        syncs.delete(payload);
      } else invalidate(payload);
    },
    onLive(now: boolean) {
      live = now;
      // Whatever was written while nobody listened is unknown: start over.
      entries.clear();
      version++;
      versionHandedOut = false;
      if (!now) {
        for (const resolve of syncs.values()) resolve();
        syncs.clear();
      }
    },
  };

  const cache = (notify: (payload: string) => Promise<void>): PublicCache => ({
    read<T>(key: string, tables: readonly WatchedTable[], load: () => Promise<T>) {
      const hit = live ? entries.get(key) : undefined;
      if (hit) return hit.value as Promise<T>;
      if (!live) return load();
      const before = generation(tables);
      const value = load();
      const entry = { tables, value };
      entries.set(key, entry);
      value.then(
        () => {
          if (generation(tables) !== before && entries.get(key) === entry) entries.delete(key);
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return value;
    },
    async sync() {
      // Nothing cached or loading: nothing a write could have left stale.
      if (!live || (entries.size === 0 && !versionHandedOut)) return;
      const payload = `${SYNC}${token}:${++counter}`;
      const arrived = new Promise<void>((resolve) => syncs.set(payload, resolve));
      await notify(payload);
      await arrived;
    },
    version() {
      if (!live) return null;
      versionHandedOut = true;
      return version;
    },
  });
  return { handlers, cache };
}

/** `app.publicCache`, listening from start to close; a copy's own writes are seen by its next answer. */
export const publicCachePlugin = fp(
  async (app: FastifyInstance) => {
    const { handlers, cache } = createPublicCache();
    const publicCache = cache((payload) => app.database.notify(CHANNEL, payload));
    app.decorate('publicCache', publicCache);
    let stop: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      stop = await app.database.listen(CHANNEL, handlers);
    });
    app.addHook('onClose', async () => {
      await stop?.();
    });
    // On PostgreSQL the notification comes back on another connection, a moment after the commit:
    // a write answers only once its notifications are in, so the writer's next read is fresh. Only
    // API routes that take writes get the hook, decided once per route.
    const synced = async (request: FastifyRequest) => {
      if (SAFE_METHODS.has(request.method)) return;
      // A write that got through while the database then went away has nothing more to wait for.
      await publicCache.sync().catch(() => {});
    };
    app.addHook('onRoute', (route) => {
      if (takesApiWrites(route)) prependRouteHook(route, 'onSend', synced);
    });
  },
  { name: 'public-cache', dependencies: ['database'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    publicCache: PublicCache;
  }
}
