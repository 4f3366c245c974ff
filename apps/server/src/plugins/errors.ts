import { ERROR_STATUS, type ErrorCode, type ErrorResponse } from '@barbershop/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** The one error type services throw; the handler turns its code into a status. */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_REQ_FILE_TOO_LARGE: 'payload_too_large',
  FST_FILES_LIMIT: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'bad_request',
  FST_ERR_CTP_INVALID_JSON_BODY: 'bad_request',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'unsupported_media_type',
};

// Connection failures (refused, reset, timed out, the server shutting down): the database is away.
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', '57P01', '57P03']);

/** True when the error, or any error it wraps, says the database cannot be reached. */
function databaseUnreachable(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNREACHABLE.has(code)) return true;
    if (e instanceof AggregateError && e.errors.some(databaseUnreachable)) return true;
  }
  return false;
}

function codeForStatus(status: number): ErrorCode {
  const match = Object.entries(ERROR_STATUS).find(([, s]) => s === status);
  return (match?.[0] as ErrorCode | undefined) ?? (status >= 500 ? 'internal' : 'bad_request');
}

function toResponse(error: FastifyError | AppError): { status: number; body: ErrorResponse } {
  if (error instanceof AppError) {
    return {
      status: ERROR_STATUS[error.code],
      body: { error: { code: error.code, message: error.message } },
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((v) => ({
      path: [error.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
      message: v.message ?? 'is invalid',
    }));
    const first = issues[0];
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
  const message = status >= 500 ? 'Something went wrong on our side. Please try again.' : error.message;
  return { status, body: { error: { code, message } } };
}

export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      const { status, body } = toResponse(error);
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      else request.log.info({ code: body.error.code, message: body.error.message }, 'request refused');
      return reply.status(status).send(body);
    });
  },
  { name: 'errors' },
);
