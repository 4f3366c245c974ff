import type {
  ApiBody,
  ApiFetch,
  ApiPath,
  ApiResponse,
  ApiWriteMethod,
  ApiWriteResponse,
  ErrorResponse,
} from '@barbershop/contract';
import { isUuid } from '@barbershop/contract/domain';
import { data, type RouterContextProvider } from 'react-router';
import { apiFetchContext } from './api-context.ts';

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

/** What a 503 becomes: a page's loader shows "temporarily unavailable"; the browser shows the server's words. */
type Unavailable = 'page' | 'error';

async function parse<T>(response: Response, unavailable: Unavailable): Promise<T> {
  if (response.ok) return (await response.json()) as T;
  // The database is away: a page shows "temporarily unavailable" with status 503, not a fault.
  if (response.status === 503 && unavailable === 'page') {
    throw data(null, { status: 503, statusText: 'Service Unavailable' });
  }
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

/**
 * Calls the API, typed by the contract's route map (`ApiRoutes`): the path picks the answer's type
 * and, for writes, the body's. Form bodies (FormData, URLSearchParams) go as they are, anything else as JSON.
 */
export type ApiClient = {
  get<P extends ApiPath<'GET'>>(path: P): Promise<ApiResponse<P>>;
  send<M extends ApiWriteMethod, P extends ApiPath<M>>(
    method: M,
    path: P,
    ...body: ApiBody<M, P> extends undefined ? [] : [body: ApiBody<M, P>]
  ): Promise<ApiWriteResponse<M, P>>;
};

/** A write call's body as fetch takes it: form bodies as they are (fetch encodes them), anything else as JSON. */
export function encodeBody(body: unknown): RequestInit {
  if (body === undefined) return {};
  if (body instanceof FormData || body instanceof URLSearchParams) return { body };
  return { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

export function createApiClient(apiFetch: ApiFetch, unavailable: Unavailable = 'page'): ApiClient {
  return {
    get: async (path) => parse(await apiFetch(path), unavailable),
    send: async (method, path, ...body) =>
      parse(await apiFetch(path, { method, ...encodeBody(body[0]) }), unavailable),
  };
}

/** The API client for a loader or action: in-process on the server. */
export function serverApi(context: Readonly<RouterContextProvider>): ApiClient {
  return createApiClient(context.get(apiFetchContext));
}

/**
 * The API client for code running in the browser, with credentials (SPEC.md section 7). No error
 * boundary catches what an event handler throws: a 503 is an ApiError carrying the server's message
 * ("The payment service did not answer. Please try again."), for the form to show.
 */
export function browserApi(apiBaseUrl = ''): ApiClient {
  return createApiClient(
    (path, init) => fetch(`${apiBaseUrl}/api${path}`, { credentials: 'include', ...init }),
    'error',
  );
}

/**
 * The API's 401: the visitor's session ended (it expired, or was ended elsewhere) after the page
 * loaded. A form says so with a way to sign in that keeps what was typed (components/sign-in-again.tsx).
 */
export function isSessionEnded(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 401;
}

/**
 * An action's answer to the API's 401, with that status: React Router then loads no page data again
 * after it (the dashboard's layout asks for that too), which would have gone to the sign-in page and
 * taken the form, and what was typed in it, away.
 */
export function sessionEndedAnswer(error: ApiError) {
  return data({ error: error.message, sessionEnded: true as const }, { status: 401 });
}

/** The site's 404 page, from a loader. */
export function notFound(): never {
  throw data(null, { status: 404, statusText: 'Not Found' });
}

/** A loader's API call whose 404 (missing, unpublished or malformed id) is the site's 404 page. */
export async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  }
}

/**
 * A record's id from the page's address, or the site's 404 when it cannot be one: a word in its
 * place (`export.csv`, `me`) would reach another API route, which answers something else entirely.
 */
export function idOrNotFound(id: string | null | undefined): string {
  if (!id || !isUuid(id)) notFound();
  return id;
}

/**
 * A list whose filters the API refused (400: a search too long, a status or page it does not know,
 * most often an address edited by hand): no rows and the API's reason, for the page to show with
 * its filters, instead of an error page in the list's place.
 */
export async function listOrRefusal<T>(load: Promise<T[]>): Promise<{ rows: T[]; refusal: string | null }> {
  try {
    return { rows: await load, refusal: null };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) {
      // The address's own words for the parameter: q, status, after.
      const reason = error.message.replace(/^querystring\./, '');
      return { rows: [], refusal: `Nothing listed: this filter cannot be used (${reason}).` };
    }
    throw error;
  }
}
