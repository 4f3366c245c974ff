import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isApiRoute, prependRouteHook } from './route-hooks.ts';

const PERSONAL = 'private, no-store';
// Anonymous pages and API answers may be stored but are checked again before each use: pages carry a
// fresh CSP nonce and the shop's data changes from the dashboard at any time.
const ANONYMOUS = 'no-cache';
// The page catch-all of plugins/ssr.ts: documents and their loader data (`.data` requests).
const PAGE_ROUTE = '/*';

function addVary(reply: FastifyReply, header: string) {
  const current = reply.getHeader('vary');
  // The common case, every API answer's: nothing there yet.
  if (current === undefined) {
    reply.header('vary', header);
    return;
  }
  const names = String(current)
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.includes('*') || names.some((name) => name.toLowerCase() === header.toLowerCase())) return;
  reply.header('vary', [...names, header].join(', '));
}

/**
 * Cache-Control and Vary for API answers and pages: whatever depends on the session (a signed-in
 * caller, a route for signed-in roles only, a response that sets a cookie) is `private, no-store`,
 * so no browser history or shared cache keeps one customer's data for another. Both vary on Cookie.
 */
export const cacheHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    const signedInVisitor = (request: FastifyRequest) => !!request.cookies[app.sessions.cookieName];

    // Callbacks, not async hooks: every API answer and page passes one, and a promise each is measurable.
    const headersFor =
      (personalFor: (request: FastifyRequest) => boolean) =>
      (
        request: FastifyRequest,
        reply: FastifyReply,
        payload: unknown,
        done: (error: null, payload: unknown) => void,
      ) => {
        addVary(reply, 'Cookie');
        if (reply.hasHeader('set-cookie') || personalFor(request)) reply.header('cache-control', PERSONAL);
        else if (!reply.hasHeader('cache-control')) reply.header('cache-control', ANONYMOUS);
        done(null, payload);
      };
    const page = headersFor(signedInVisitor);
    const publicApi = headersFor((request) => !!request.sessionId);
    const privateApi = headersFor(() => true);
    // Assets, media and health checks depend on nobody's session: only API routes and pages get a hook.
    app.addHook('onRoute', (route) => {
      if (isApiRoute(route))
        prependRouteHook(
          route,
          'onSend',
          (route.config?.access ?? 'public') === 'public' ? publicApi : privateApi,
        );
      else if (route.url === PAGE_ROUTE) prependRouteHook(route, 'onSend', page);
    });
  },
  { name: 'cache-headers', dependencies: ['session'] },
);
