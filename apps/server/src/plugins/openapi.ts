import swagger from '@fastify/swagger';
import type { FastifyInstance, RouteHandlerMethod, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

const DOCS = '/api/docs';
/** The routes @scalar/fastify-api-reference adds under its prefix (it redirects the bare prefix). */
const DOC_ROUTES = ['', '/', '/openapi.json', '/openapi.yaml', '/js/scalar.js'].map((path) => DOCS + path);

/**
 * Loads the reference page's plugin and collects the handlers it would register. Its module holds
 * its 5 MB browser bundle as one string: loading it at start costs ~100 ms and ~50 MB for a page few
 * open, so the first request under /api/docs loads it instead.
 */
async function loadReference(app: FastifyInstance): Promise<Map<string, RouteHandlerMethod>> {
  const { default: scalar } = await import('@scalar/fastify-api-reference');
  const handlers = new Map<string, RouteHandlerMethod>();
  // The plugin reads only these of the instance it is registered on.
  const host = {
    hasPlugin: (name: string) => app.hasPlugin(name),
    swagger: () => app.swagger(),
    initialConfig: app.initialConfig,
    log: app.log,
    route: (route: RouteOptions) => handlers.set(route.url, route.handler),
  };
  (scalar as unknown as (instance: unknown, options: object, done: () => void) => void)(
    host,
    { routePrefix: DOCS },
    () => {},
  );
  const missing = DOC_ROUTES.filter((url) => !handlers.has(url));
  if (missing.length) throw new Error(`The API reference no longer serves ${missing.join(', ')}`);
  return handlers;
}

/** The OpenAPI document, generated from the routes' zod schemas, and its reference page at /api/docs. */
export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: { title: 'Barbershop API', version: '1.0.0', description: 'The JSON API behind the site.' },
        servers: [{ url: '/' }],
      },
      transform: jsonSchemaTransform,
    });
    let reference: Promise<Map<string, RouteHandlerMethod>> | undefined;
    for (const url of DOC_ROUTES) {
      app.get(url, { schema: { hide: true } }, async function (request, reply) {
        reference ??= loadReference(app);
        return (await reference).get(url)?.call(this, request, reply);
      });
    }
  },
  { name: 'openapi' },
);
