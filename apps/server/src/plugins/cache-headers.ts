import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isApiRequest } from './request-path.ts';

const PERSONAL = 'private, no-store';
// Anonymous pages and API answers may be stored but are checked again before each use: pages carry a
// fresh CSP nonce and the shop's data changes from the dashboard at any time.
const ANONYMOUS = 'no-cache';
// The page catch-all of plugins/ssr.ts: documents and their loader data (`.data` requests).
const PAGE_ROUTE = '/*';

function addVary(reply: FastifyReply, header: string) {
  const current = String(reply.getHeader('vary') ?? '');
  const names = current
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

    app.addHook('onSend', async (request, reply, payload) => {
      const api = isApiRequest(request);
      const page = !api && request.routeOptions.url === PAGE_ROUTE;
      if (!api && !page) return payload;
      addVary(reply, 'Cookie');
      const personal =
        reply.hasHeader('set-cookie') ||
        (api
          ? !!request.sessionId || (request.routeOptions.config?.access ?? 'public') !== 'public'
          : signedInVisitor(request));
      if (personal) reply.header('cache-control', PERSONAL);
      else if (!reply.hasHeader('cache-control')) reply.header('cache-control', ANONYMOUS);
      return payload;
    });
  },
  { name: 'cache-headers', dependencies: ['session'] },
);
