import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type ChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;

type Bindings = Record<string, unknown>;
type LogArguments = Parameters<FastifyBaseLogger['info']>;

/** pino's numbers for its levels: a level writes when its number is at least the logger's `levelVal`. */
const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const;

/**
 * A request's logger, which makes its pino child (the request id bound to it) only when it first
 * writes a line. Most requests write one line, at the end; a health probe (its route logs at warn) or
 * any request on a server at LOG_LEVEL=warn writes none, and a child each was ~0.9 us of a probe's
 * ~12 us (docs/performance.md).
 */
class RequestLogger {
  #parent: FastifyBaseLogger & { levelVal: number };
  #bindings: Bindings;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: FastifyBaseLogger, bindings: Bindings) {
    this.#parent = parent as FastifyBaseLogger & { levelVal: number };
    this.#bindings = bindings;
  }

  #logger(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings);
    return this.#child;
  }

  #writes(level: number) {
    return level >= ((this.#child ?? this.#parent) as FastifyBaseLogger & { levelVal: number }).levelVal;
  }

  get level() {
    return (this.#child ?? this.#parent).level;
  }

  set level(level: string) {
    this.#logger().level = level;
  }

  trace(...args: LogArguments) {
    if (this.#writes(LEVELS.trace)) this.#logger().trace(...args);
  }
  debug(...args: LogArguments) {
    if (this.#writes(LEVELS.debug)) this.#logger().debug(...args);
  }
  info(...args: LogArguments) {
    if (this.#writes(LEVELS.info)) this.#logger().info(...args);
  }
  warn(...args: LogArguments) {
    if (this.#writes(LEVELS.warn)) this.#logger().warn(...args);
  }
  error(...args: LogArguments) {
    if (this.#writes(LEVELS.error)) this.#logger().error(...args);
  }
  fatal(...args: LogArguments) {
    if (this.#writes(LEVELS.fatal)) this.#logger().fatal(...args);
  }
  silent() {}

  child(...args: Parameters<FastifyBaseLogger['child']>) {
    return this.#logger().child(...args);
  }
}

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
    if (!level) return new RequestLogger(logger, bindings);
    let parent = byLevel.get(level);
    if (!parent) {
      parent = logger.child({}, { level });
      byLevel.set(level, parent);
    }
    return new RequestLogger(parent, bindings);
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
