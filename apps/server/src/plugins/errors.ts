import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ERROR_STATUS, type ErrorCode, type ErrorResponse } from '@barbershop/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';

declare module 'fastify' {
  interface FastifyInstance {
    /** How errors outside /api are shown; the SSR plugin fills it in with the site's error page. */
    errorPages: {
      render?: (request: FastifyRequest, reply: FastifyReply, status: number) => Promise<unknown>;
    };
  }
}

/** The one error type services throw; the handler turns its code into a status. */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

/**
 * A save that names a version someone else has replaced since the editor opened it (`what`: "this
 * product"): refused, so that neither edit is silently lost.
 */
export function staleEdit(what: string, current: number, yours: number): AppError {
  return new AppError(
    'conflict',
    `Someone else saved ${what} since you opened it (version ${current}, yours ${yours}). Reload it and make your changes again.`,
  );
}

/** Seconds a client should wait before trying again after a 503. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * Path parameters that are ids. A value that is not a well-formed id answers 404 with the same
 * message as a missing row (DESIGN.md: a malformed id is "not found", never 400 or 500), because the
 * error handler answers every path-parameter validation failure with 404 and the issue's message.
 * `idParams({ gid: 'user' })` -> 404 `No such user.` for `/users/not-a-uuid`.
 */
export function idParams<K extends string>(ids: Record<K, string>) {
  const shape = Object.fromEntries(
    Object.entries<string>(ids).map(([name, noun]) => [name, z.uuid({ error: `No such ${noun}.` })]),
  ) as Record<K, z.ZodUUID>;
  return z.object(shape);
}

// Control characters (C0 and DEL) have no place in text a person typed. Multi-line texts in JSON
// bodies may hold tab and line breaks; path and query values are single-line. Nor has half of a
// UTF-16 surrogate pair, which JSON can escape ("\ud800") but which is no character: PostgreSQL
// refuses it in a json column and would keep U+FFFD for it in a text one.
const TAB = 9;
const LF = 10;
const CR = 13;
const CONTROL = 'must not contain control characters';
const HALF_CHARACTER = 'must be whole characters (it holds half of one)';

/** What is wrong with a text a person sent, or undefined. */
function textProblem(text: string, multiLine: boolean): string | undefined {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 32 && c !== 127) continue;
    if (multiLine && (c === TAB || c === LF || c === CR)) continue;
    return CONTROL;
  }
  return text.isWellFormed() ? undefined : HALF_CHARACTER;
}

type TextProblem = { keys: string[]; problem: string };

/**
 * The first string in `value` that is not plain text: the keys leading to it ([] for `value` itself)
 * and what is wrong, or undefined. Every request passes here, so nothing is allocated unless one is
 * found.
 */
function textProblemAt(value: unknown, multiLine: boolean, depth = 0): TextProblem | undefined {
  if (typeof value === 'string') {
    const problem = textProblem(value, multiLine);
    return problem ? { keys: [], problem } : undefined;
  }
  if (!value || typeof value !== 'object' || depth > 32) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = textProblemAt(value[i], multiLine, depth + 1);
      if (found) return { ...found, keys: [String(i), ...found.keys] };
    }
    return undefined;
  }
  // Parsed text only: plain (or prototype-less) objects, never buffers or streams (multipart
  // files). The query parser's objects have a prototype-less prototype.
  const proto = Object.getPrototypeOf(value);
  if (proto !== null && Object.getPrototypeOf(proto) !== null) return undefined;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const problem = textProblem(key, false);
    if (problem) return { keys: [key], problem };
    const found = textProblemAt((value as Record<string, unknown>)[key], multiLine, depth + 1);
    if (found) return { ...found, keys: [key, ...found.keys] };
  }
  return undefined;
}

/**
 * Throws a 400 naming the field when a text holds a control character or half a character. The
 * errors plugin runs it on every route's params, query and parsed body; code that parses text itself
 * (multipart fields) calls it on what it parsed.
 */
export function assertPlainText(value: unknown, where: 'params' | 'query' | 'body' | 'form'): void {
  // Line breaks are text in a body (a description), never in an address.
  const found = textProblemAt(value, where === 'body' || where === 'form');
  if (found) throw new AppError('bad_request', `${[where, ...found.keys].join('.')}: ${found.problem}`);
}

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_REQ_FILE_TOO_LARGE: 'payload_too_large',
  FST_FILES_LIMIT: 'payload_too_large',
  FST_PARTS_LIMIT: 'payload_too_large',
  FST_FIELDS_LIMIT: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad_request',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'bad_request',
  FST_ERR_CTP_INVALID_JSON_BODY: 'bad_request',
  FST_ERR_BAD_URL: 'bad_request',
  FST_ERR_MAX_PARAM_LENGTH: 'not_found',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'unsupported_media_type',
};

// Fastify's own words, where they do not tell a client what to send instead ("Unsupported Media Type").
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE:
    'Send the body as JSON, with Content-Type: application/json (forms with images as multipart/form-data).',
};

// Connection-level failures: refused, reset, timed out, unreachable, the server shutting down.
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '3D000', // invalid_catalog_name: no database of DATABASE_URL's name (dropped or renamed, a restore under way)
  '53300', // too_many_connections
  '55000', // object_not_in_prerequisite_state: the database does not accept connections now
  '55P03', // lock_not_available: lock_timeout passed
  '57014', // query_canceled: statement or lock timeout
]);
// The pg driver's own connection failures carry no code, only these messages ("Query read timeout":
// PostgreSQL did not answer a statement at all, past its statement_timeout).
const UNREACHABLE_MESSAGE =
  /timeout exceeded when trying to connect|Connection terminated|connection error and is not queryable|Client was closed|Cannot use a pool after calling end|Query read timeout/i;

// A failed query's message and stack end with the values it was given ("params: casey@...,").
const QUERY_PARAMS = /\nparams: [\s\S]*?(?=\n {4}at |$)/;
const withoutQueryValues = (text: string) => text.replace(QUERY_PARAMS, '\nparams: [redacted]');

/** What the logs keep of an error, in the shape of pino's own error serializer. */
type LoggedError = { type: string; message: string; stack: string; [key: string]: unknown };

/**
 * An error as the logs keep it: its kind, code, message and stack, and its cause's, without the
 * values a failed query was given or a database error's detail (which quotes a row's values, an
 * email for one): logs are kept for weeks and read by more people than the database is.
 */
export function loggedError(error: Error, depth = 0): LoggedError {
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  const cause = error.cause instanceof Error && depth < 4 ? loggedError(error.cause, depth + 1) : undefined;
  return {
    type: error.name,
    message: withoutQueryValues(error.message),
    stack: withoutQueryValues(error.stack ?? ''),
    ...(code === undefined ? {} : { code }),
    ...(statusCode === undefined ? {} : { statusCode }),
    ...(cause ? { cause } : {}),
  };
}

/** True when the error, or any error it wraps, says the database cannot be reached. */
export function databaseUnreachable(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    // SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutdown, restart).
    if (typeof code === 'string' && (UNREACHABLE.has(code) || /^(08...|57P..)$/.test(code))) return true;
    if (e instanceof AggregateError && e.errors.some(databaseUnreachable)) return true;
    if (e instanceof Error && UNREACHABLE_MESSAGE.test(e.message)) return true;
  }
  return false;
}

function codeForStatus(status: number): ErrorCode {
  const match = Object.entries(ERROR_STATUS).find(([, s]) => s === status);
  return (match?.[0] as ErrorCode | undefined) ?? (status >= 500 ? 'internal' : 'bad_request');
}

// A parameter given more than once arrives as a list, which a schema wanting one value refuses in
// words that do not say so ("expected number, received NaN").
const REPEATED = 'is given more than once: give it once';

/** `query`: the request's parsed query, to tell a repeated parameter from a bad value. */
function toResponse(error: FastifyError | AppError, query: unknown): { status: number; body: ErrorResponse } {
  if (error instanceof AppError) {
    return {
      status: ERROR_STATUS[error.code],
      body: { error: { code: error.code, message: error.message } },
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((v) => {
      const keys = String(v.instancePath).split('/').filter(Boolean);
      const repeated =
        error.validationContext === 'querystring' &&
        keys.length === 1 &&
        Array.isArray((query as Record<string, unknown> | undefined)?.[keys[0]!]);
      return {
        path: [error.validationContext, ...keys].join('.'),
        message: repeated ? REPEATED : (v.message ?? 'is invalid'),
      };
    });
    const first = issues[0];
    // A path that names nothing is "not found", like a missing row (see idParams).
    if (error.validationContext === 'params') {
      return { status: 404, body: { error: { code: 'not_found', message: first?.message ?? 'Not found.' } } };
    }
    return {
      status: 400,
      body: {
        error: {
          code: 'bad_request',
          message: first ? `${first.path}: ${first.message}` : 'Invalid request',
          issues,
        },
      },
    };
  }
  if (databaseUnreachable(error)) {
    return {
      status: 503,
      body: {
        error: {
          code: 'unavailable',
          message: 'The service is unavailable right now. Please try again shortly.',
        },
      },
    };
  }
  const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
  const status = mapped ? ERROR_STATUS[mapped] : (error.statusCode ?? 500);
  const code = mapped ?? codeForStatus(status);
  // Details of a server fault stay in the log; the client learns only that it happened.
  const message =
    status >= 500
      ? 'Something went wrong on our side. Please try again.'
      : (FASTIFY_MESSAGES[error.code] ?? error.message);
  return { status, body: { error: { code, message } } };
}

function isApi(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * Answers an error: `{error: {code, message}}` under /api (and wherever there is no page renderer),
 * the site's error page with the same status elsewhere. Faults (5xx but 503) are logged with their
 * stack; a refused request (4xx) or an unreachable database only with its code and message.
 */
async function sendError(
  app: FastifyInstance,
  error: FastifyError | AppError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const { status, body } = toResponse(error, request.query);
  if (status >= 500 && status !== 503) request.log.error({ err: error }, 'request failed');
  else if (status === 503)
    request.log.warn(
      { code: (error as { code?: unknown }).code, message: withoutQueryValues(error.message) },
      'unavailable',
    );
  else request.log.info({ code: body.error.code, message: body.error.message }, 'request refused');
  if (status === 503) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  reply.status(status);
  const render = app.errorPages.render;
  // The error page's own route never renders another error page.
  if (render && !isApi(request.url) && !request.url.startsWith('/__error/') && request.method !== 'HEAD') {
    try {
      return await render(request, reply, status);
    } catch (pageError) {
      request.log.error({ err: pageError }, 'error page failed');
    }
  }
  return reply.send(body);
}

/**
 * Fastify's `frameworkErrors` option: a URL the router cannot decode (malformed %-encoding) gets
 * the same answer as any other bad request. Wired in app.ts.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  return sendError(request.server, error, request, reply);
}

const errorBody = (code: ErrorCode, message: string) => JSON.stringify({ error: { code, message } });
const BAD_REQUEST = errorBody('bad_request', 'Malformed request.');
const TIMED_OUT = errorBody(
  'request_timeout',
  'The request took too long to arrive, so it was not read. Please send it again.',
);

/**
 * Fastify's `clientErrorHandler` option: a request Node's HTTP parser rejects (an unknown method,
 * a broken header) gets a 400 in the one error shape instead of Fastify's own, and one that has not
 * arrived whole within the server's requestTimeout (a body shorter than its Content-Length) a 408.
 * Wired in app.ts.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || !socket.writable) return socket.destroy();
  // An answer already begun on this connection (a refusal sent before the body was read) cannot be
  // followed by another.
  if ((socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent)
    return socket.destroy();
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return refuseOnSocket(socket, 408, TIMED_OUT);
  refuseOnSocket(socket, error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400);
}

function refuseOnSocket(socket: Socket, status: number, body = BAD_REQUEST) {
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('errorPages', {});
    // Node hands CONNECT (proxy tunnels) to this event instead of the router; without a listener
    // the connection would just drop. This server is no proxy: refuse it like any malformed request.
    app.server.on('connect', (_request: unknown, socket: Socket) => refuseOnSocket(socket, 400));
    app.setErrorHandler((error: FastifyError | AppError, request, reply) =>
      sendError(app, error, request, reply),
    );
    app.setNotFoundHandler((request, reply) => {
      const message = isApi(request.url) ? 'No such API route.' : 'No such page.';
      return sendError(app, new AppError('not_found', message), request, reply);
    });
    // Before schema validation, so a control character or half a character is a 400 naming the
    // field on every route, whatever (or whether) the route validates.
    // A callback, not an async hook: every request passes it, and a promise each is measurable.
    app.addHook('preValidation', (request, _reply, done) => {
      try {
        assertPlainText(request.params, 'params');
        assertPlainText(request.query, 'query');
        assertPlainText(request.body, 'body');
      } catch (error) {
        return done(error as AppError);
      }
      done();
    });
  },
  { name: 'errors' },
);
