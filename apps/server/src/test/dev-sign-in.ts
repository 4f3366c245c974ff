import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './app.ts';
import { CookieJar } from './cookie-jar.ts';

const FOLLOWED = ['/dev-idp/', '/api/auth/google'];

/** Requests a path (absolute URLs are taken as this server's), sending and keeping the jar's cookies. */
async function request(app: TestApp, jar: CookieJar, url: string, form?: Record<string, string>) {
  const { pathname, search } = new URL(url, 'http://localhost');
  const response = await app.inject({
    method: form ? 'POST' : 'GET',
    url: `${pathname}${search}`,
    headers: {
      cookie: jar.header(),
      ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    payload: form ? new URLSearchParams(form).toString() : undefined,
  });
  jar.store(response.headers['set-cookie']);
  return response;
}

/** Follows redirects while they stay inside the sign-in machinery (or `followed`), like a browser would. */
async function follow(app: TestApp, jar: CookieJar, response: LightMyRequestResponse, followed = FOLLOWED) {
  let current = response;
  for (let hops = 0; hops < 10; hops++) {
    const location = current.headers.location;
    if (current.statusCode < 300 || current.statusCode >= 400 || typeof location !== 'string') return current;
    if (!followed.some((prefix) => new URL(location, 'http://localhost').pathname.startsWith(prefix)))
      return current;
    current = await request(app, jar, location);
  }
  throw new Error('Too many redirects');
}

/**
 * The development provider's part of a sign-in alone, in a browser tab of its own: from the site's
 * redirect to the provider (`authorizeUrl`) to the callback address it sends the browser back to.
 */
export async function answerAtDevIdp(app: TestApp, authorizeUrl: string, email: string): Promise<string> {
  const jar = new CookieJar();
  const page = await follow(app, jar, await request(app, jar, authorizeUrl), ['/dev-idp/']);
  const login = /action="([^"]+\/login)"/.exec(page.body)?.[1];
  if (!login) throw new Error(`Expected the sign-in page, got ${page.statusCode}: ${page.body}`);
  const callback = await follow(app, jar, await request(app, jar, login, { email }), ['/dev-idp/']);
  return String(callback.headers.location);
}

export type DevSignIn = {
  /** Where the site sent the browser in the end (a path on the site). */
  location: string;
  jar: CookieJar;
  /** The development provider's sign-in page, as served. */
  page: LightMyRequestResponse;
};

/**
 * Drives the real sign-in: the site's start route, the development provider's endpoints and page
 * (submitting `email`, or Cancel), the site's callback. All in-process, through inject.
 */
export async function signInThroughDevIdp(
  app: TestApp,
  options: { path?: string; email?: string; cancel?: boolean; jar?: CookieJar },
): Promise<DevSignIn> {
  const jar = options.jar ?? new CookieJar();
  const start = `/api/auth/google${options.path === undefined ? '' : `?path=${encodeURIComponent(options.path)}`}`;
  const page = await follow(app, jar, await request(app, jar, start));
  if (page.statusCode !== 200)
    throw new Error(`Expected the sign-in page, got ${page.statusCode}: ${page.body}`);
  const action = /action="([^"]+\/(?:login|abort))"/g;
  const actions = [...page.body.matchAll(action)].map((match) => match[1]!);
  const target = actions.find((url) => url.endsWith(options.cancel ? '/abort' : '/login'));
  if (!target) throw new Error('No form on the sign-in page');
  const submitted = await request(app, jar, target, options.cancel ? {} : { email: options.email ?? '' });
  const end = await follow(app, jar, submitted);
  if (end.statusCode !== 302)
    throw new Error(`Expected a redirect to the site, got ${end.statusCode}: ${end.body}`);
  return { location: String(end.headers.location), jar, page };
}
