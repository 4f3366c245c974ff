import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type ChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;

/**
 * Each request's logger. Fastify hands pino an options object for every request's child, which sends
 * pino down its slow path (formatters rebuilt per request). A child with only bindings takes the fast
 * path; a route with its own level (the health probes) gets its request loggers from one child made
 * once per level, so those take it too. Route-level serializers, which no route sets, keep the slow path.
 * One factory per server: Fastify always hands it that server's root logger.
 */
export function requestLoggerFactory(): ChildLoggerFactory {
  const byLevel = new Map<string, FastifyBaseLogger>();
  return (logger, bindings, childOptions) => {
    if (childOptions.serializers) return logger.child(bindings, childOptions);
    const { level } = childOptions;
    if (!level) return logger.child(bindings);
    let parent = byLevel.get(level);
    if (!parent) {
      parent = logger.child({}, { level });
      byLevel.set(level, parent);
    }
    return parent.child(bindings);
  };
}

const INCOMING_ID = /^[\w-]{1,64}$/;

/**
 * Request ids: the load balancer's `x-request-id` when it sends a sane one, else this process's
 * random prefix and a counter (unique across copies without drawing random bytes per request).
 */
export function requestIds() {
  const prefix = randomBytes(6).toString('base64url');
  let count = 0;
  return (req: IncomingMessage) => {
    const id = req.headers['x-request-id'];
    return typeof id === 'string' && INCOMING_ID.test(id) ? id : `${prefix}-${(++count).toString(36)}`;
  };
}
