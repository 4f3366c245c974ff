import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import pino from 'pino';

type ChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;

type Bindings = Record<string, unknown>;
type LogArguments = Parameters<FastifyBaseLogger['info']>;
type Level = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal';
/** Fastify's logger type leaves out what every pino logger can say: whether a level writes. */
type PinoLogger = FastifyBaseLogger & { isLevelEnabled(level: Level): boolean };

/**
 * A request's logger, which makes its pino child (the request id bound to it) only when it first
 * writes a line. Most requests write one line, at the end; a health probe (its route logs at warn) or
 * any request on a server at LOG_LEVEL=warn writes none, and a child each was ~0.9 us of a probe's
 * ~12 us (docs/performance.md).
 */
class RequestLogger {
  #parent: PinoLogger;
  #bindings: Bindings;
  #child: PinoLogger | undefined;

  constructor(parent: FastifyBaseLogger, bindings: Bindings) {
    this.#parent = parent as PinoLogger;
    this.#bindings = bindings;
  }

  #logger(): PinoLogger {
    this.#child ??= this.#parent.child(this.#bindings) as PinoLogger;
    return this.#child;
  }

  #write(level: Level, args: LogArguments) {
    if (this.isLevelEnabled(level)) this.#logger()[level](...args);
  }

  get level() {
    return (this.#child ?? this.#parent).level;
  }

  set level(level: string) {
    this.#logger().level = level;
  }

  trace(...args: LogArguments) {
    this.#write('trace', args);
  }
  debug(...args: LogArguments) {
    this.#write('debug', args);
  }
  info(...args: LogArguments) {
    this.#write('info', args);
  }
  warn(...args: LogArguments) {
    this.#write('warn', args);
  }
  error(...args: LogArguments) {
    this.#write('error', args);
  }
  fatal(...args: LogArguments) {
    this.#write('fatal', args);
  }
  silent() {}

  isLevelEnabled(level: Level) {
    return (this.#child ?? this.#parent).isLevelEnabled(level);
  }

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
    // Without a logger (`logger: false`) Fastify hands over a silent stand-in whose child is itself.
    if (childOptions.serializers || !(logger as Partial<PinoLogger>).isLevelEnabled)
      return logger.child(bindings, childOptions);
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
 * Request ids: behind a trusted proxy (TRUST_PROXY), the load balancer's `x-request-id` when it sends
 * a sane one; else this process's random prefix and a counter (unique across copies without drawing
 * random bytes per request). Without a proxy the header is the client's: a client could file its
 * requests under another's id.
 */
export function requestIds(behindProxy: boolean) {
  const prefix = randomBytes(6).toString('base64url');
  let count = 0;
  return (req: IncomingMessage) => {
    const id = behindProxy ? req.headers['x-request-id'] : undefined;
    return typeof id === 'string' && INCOMING_ID.test(id) ? id : `${prefix}-${(++count).toString(36)}`;
  };
}

type RootLogger = PinoLogger & {
  levels: { values: Record<string, number> };
  [pino.symbols.streamSym]?: { write(line: string): void };
  [pino.symbols.chindingsSym]?: string;
};

/**
 * The line every request writes when it ends, as pino writes it for the root logger (level, time, pid
 * and hostname, then the request's id, `req` as `serializeRequest` gives it, status, ms, message),
 * written straight to pino's destination. Through pino, with its serializers and redaction, it cost
 * ~4 us more of the ~40 us of CPU an API read takes (docs/performance.md). Nothing in it needs
 * redacting: `req` holds no headers. A request whose logger is above `info` (the health probes', or
 * LOG_LEVEL=warn) writes none.
 */
export function requestLineWriter(
  root: FastifyBaseLogger,
  serializeRequest: (request: FastifyRequest) => object,
): (request: FastifyRequest, reply: FastifyReply) => void {
  const logger = root as RootLogger;
  // `logger: false` gives a silent stand-in without levels or a destination.
  if (typeof logger.levels?.values?.info !== 'number') return () => {};
  const stream = logger[pino.symbols.streamSym];
  // pino's symbols are its own copy's: one Fastify does not share would find no stream, and every
  // request line would be lost without a word.
  if (!stream) throw new Error("The request line found no pino destination: Fastify's pino is another copy");
  const start = `{"level":${logger.levels.values.info},"time":`;
  const base = logger[pino.symbols.chindingsSym] ?? '';
  return (request, reply) => {
    if (!(request.log as PinoLogger).isLevelEnabled('info')) return;
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    stream.write(
      `${start}${Date.now()}${base},"reqId":${JSON.stringify(request.id)},"req":${JSON.stringify(serializeRequest(request))},"status":${reply.statusCode},"ms":${ms},"msg":"request"}\n`,
    );
  };
}
