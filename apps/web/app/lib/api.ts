import type { ErrorResponse } from '@barbershop/contract';
import type { RouterContextProvider } from 'react-router';
import { type ApiFetch, apiFetchContext } from './api-context.ts';

/** A failed API call, carrying the server's error code and message (DESIGN.md section 5). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** Which fields were refused and why, when the server names them (a form shows each by its field). */
  readonly issues: { path: string; message: string }[];
  constructor(
    status: number,
    code: string,
    message: string,
    issues: { path: string; message: string }[] = [],
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.issues = issues;
  }
}

async function parse<T>(response: Response): Promise<T> {
  if (response.ok) return (await response.json()) as T;
  let body: ErrorResponse | undefined;
  try {
    body = (await response.json()) as ErrorResponse;
  } catch {
    // Not our JSON: a proxy or network error page.
  }
  throw new ApiError(
    response.status,
    body?.error.code ?? 'internal',
    body?.error.message ?? `Request failed (${response.status})`,
    body?.error.issues,
  );
}

export type ApiClient = {
  get<T>(path: string): Promise<T>;
  send<T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T>;
  raw: ApiFetch;
};

export function createApiClient(apiFetch: ApiFetch): ApiClient {
  return {
    get: async (path) => parse(await apiFetch(path)),
    send: async (method, path, body) =>
      parse(
        await apiFetch(path, {
          method,
          headers:
            body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' },
          body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
        }),
      ),
    raw: apiFetch,
  };
}

/** The API client for a loader or action: in-process on the server. */
export function serverApi(context: Readonly<RouterContextProvider>): ApiClient {
  return createApiClient(context.get(apiFetchContext));
}

/** The API client for code running in the browser, with credentials (SPEC.md section 7). */
export function browserApi(apiBaseUrl = ''): ApiClient {
  return createApiClient((path, init) =>
    fetch(`${apiBaseUrl}/api${path}`, { credentials: 'include', ...init }),
  );
}
