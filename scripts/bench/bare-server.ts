/**
 * The baseline server of `npm run bench`: bare Fastify 5, nothing registered but a hello /healthz, the
 * same hello with the headers the real server's probe sends (/healthz/with-headers: what those headers
 * alone cost) and one route per recorded API answer, each replying with the very bytes the real server
 * sent. Run as its own process (like the real server) so it does not share the load generator's thread.
 *
 * Usage: node scripts/bench/bare-server.ts <port> <routes.json>
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import type { BareRoutes } from './http.ts';

const [port, routesFile] = process.argv.slice(2);
const { routes, probeHeaders } = JSON.parse(readFileSync(routesFile!, 'utf8')) as BareRoutes;

const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ status: 'ok' }));
app.get('/healthz/with-headers', async (_request, reply) => {
  reply.headers(probeHeaders);
  return { status: 'ok' };
});
for (const route of routes) {
  const body = Buffer.from(route.body, 'base64');
  app.route({
    method: route.method,
    url: route.path,
    handler: async (_request, reply) => reply.type(route.contentType).send(body),
  });
}
await app.listen({ port: Number(port), host: '127.0.0.1' });
