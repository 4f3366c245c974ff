import type { Executor } from '@barbershop/db';
import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.ts';
import { countHit } from './rate-limit.repository.ts';

/**
 * A store for @fastify/rate-limit on the `rate_limits` table: the counters live in the database every
 * server copy shares, so a limit holds behind a load balancer however requests are spread. An ended
 * window is reused by the next hit on its key; the background jobs delete the others every minute.
 */
export function postgresRateLimitStore(db: () => Executor): FastifyRateLimitStoreCtor {
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    readonly prefix: string;
    // The plugin constructs the root store with its options; each route's store is a child with a prefix.
    constructor(prefix: unknown) {
      this.prefix = typeof prefix === 'string' ? prefix : '';
    }
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      countHit(db(), `${this.prefix}${key}`, timeWindow).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (error: Error) => callback(error),
      );
    }
    child(params: Parameters<FastifyRateLimitStore['child']>[0]) {
      // The plugin passes the route's merged limit settings, the route itself under routeInfo. Routes
      // of one group share a count; any other route counts alone.
      const { groupId, routeInfo } = params as {
        groupId?: string;
        routeInfo?: { method?: unknown; url?: unknown };
      };
      if (groupId) return new PostgresRateLimitStore(`group ${groupId} `);
      return new PostgresRateLimitStore(`${String(routeInfo?.method)} ${String(routeInfo?.url)} `);
    }
  }
  return PostgresRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}

/**
 * A route's limit per signed-in user (their address when signed out), so that people behind one
 * address do not share it. Routes naming the same `group` share one count.
 */
export function perUserLimit(max: number, message: string, group?: string) {
  return {
    max,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip,
    errorResponseBuilder: () => new AppError('too_many_requests', message),
    ...(group ? { groupId: group } : {}),
  };
}

/** Rate limits (declared per route through `config.rateLimit`), counted in the shared database. */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(rateLimit, { global: false, store: postgresRateLimitStore(() => app.db) });
  },
  { name: 'rate-limit', dependencies: ['database'] },
);
