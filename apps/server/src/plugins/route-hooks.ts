import type { RouteOptions } from 'fastify';

type RouteHookName = 'onRequest' | 'onSend';

/** The methods that change nothing: no same-site rule, no cache sync after them. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The routes of the JSON API, by the path the route is registered under. */
export function isApiRoute(route: Pick<RouteOptions, 'url'>): boolean {
  return route.url === '/api' || route.url.startsWith('/api/');
}

/** API routes that answer at least one method that may change data (`all` routes included). */
export function takesApiWrites(route: Pick<RouteOptions, 'url' | 'method'>): boolean {
  return isApiRoute(route) && [route.method].flat().some((method) => !SAFE_METHODS.has(method));
}

/**
 * Adds `hook` to one route's own `name` hooks, ahead of those already there. Plugins that call it
 * from an `onRoute` hook decide once, when a route registers, whether it needs the work, instead of a
 * global hook asking on every request; the router has already decoded the path by then, so
 * `/%61pi/users/me` runs the hooks of `/api/users/me`. A route's own hooks run after the global ones.
 */
export function prependRouteHook<T>(route: RouteOptions, name: RouteHookName, hook: T): void {
  const current = route[name] as unknown;
  route[name] = [hook, ...(Array.isArray(current) ? current : current ? [current] : [])] as never;
}
