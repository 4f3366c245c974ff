import { ErrorResponseSchema } from '@barbershop/contract';
import type { FastifyInstance, RouteHandlerMethod, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

const DOCS = '/api/docs';
/** The routes @scalar/fastify-api-reference adds under its prefix (it redirects the bare prefix). */
const DOC_ROUTES = ['', '/', '/openapi.json', '/openapi.yaml', '/js/scalar.js'].map((path) => DOCS + path);

const SWAGGER_OPTIONS = {
  openapi: {
    info: { title: 'Barbershop API', version: '1.0.0', description: 'The JSON API behind the site.' },
    servers: [{ url: '/' }],
  },
  transform: withErrorResponses,
};

// Every API route can refuse or fail, in the one error shape (plugins/errors.ts); routes declare only
// their success, since a response schema for each error status would also be its serialiser.
// Given as JSON whatever the route produces (the orders export is CSV, its refusals are not).
const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ErrorResponseSchema } },
});
const ERROR_RESPONSES = {
  '4XX': errorResponse(
    'Refused: the error code, and a message for a person (for invalid input it names the field; `issues` lists each).',
  ),
  '5XX': errorResponse('A fault on the server (500), or the database unreachable (503, with Retry-After).'),
};

/**
 * The routes' zod schemas as JSON Schema, each route's answers with the error shape added. A redirect
 * (declared `302: z.null().describe(...)`) has no body: OpenAPI 3.0 would give its null a JSON
 * content, so it keeps only its description (a schema of type null, which @fastify/swagger leaves
 * without content).
 */
function withErrorResponses(input: Parameters<typeof jsonSchemaTransform>[0]) {
  const schema = input.schema as { response?: Record<string, unknown> } | undefined;
  const result = jsonSchemaTransform({
    ...input,
    schema: { ...schema, response: { ...schema?.response, ...ERROR_RESPONSES } },
  });
  // A hidden route's schema comes back without its answers.
  type Answer = { description?: string; type?: 'null' };
  const responses = (result.schema as { response?: Record<string, Answer> }).response ?? {};
  for (const [status, answer] of Object.entries(responses))
    if (status.startsWith('3')) responses[status] = { type: 'null', description: answer.description };
  return result;
}

/** What the plugins below read of the instance they are registered on. */
type Host = Record<string, unknown>;
type PluginFunction = (instance: Host, options: object, done: (error?: Error) => void) => void;

type SwaggerDocument = (options?: { yaml?: boolean }) => unknown;

/**
 * The OpenAPI document, built by @fastify/swagger from the routes collected at start-up. The plugin
 * (with its YAML writer and schema resolver) is loaded here, at the first request for the document:
 * registered at start it cost ~60 ms and ~100 modules that only /api/docs uses. It is handed the
 * routes exactly as its own onRoute hook would have seen them, then its onReady hook.
 */
async function buildSwagger(app: FastifyInstance, routes: RouteOptions[]): Promise<SwaggerDocument> {
  const { default: swagger } = await import('@fastify/swagger');
  const hooks = new Map<string, (...args: never[]) => unknown>();
  let document: SwaggerDocument | undefined;
  const host = {
    addHook: (name: string, hook: (...args: never[]) => unknown) => hooks.set(name, hook),
    decorate: (name: string, value: SwaggerDocument) => {
      if (name === 'swagger') document = value;
    },
    getSchemas: () => app.getSchemas(),
  };
  (swagger as unknown as PluginFunction)(host, { ...SWAGGER_OPTIONS }, () => {});
  const onRoute = hooks.get('onRoute') as ((route: RouteOptions) => void) | undefined;
  const onReady = hooks.get('onReady') as ((done: () => void) => void) | undefined;
  if (!onRoute || !onReady || !document)
    throw new Error('@fastify/swagger no longer works as openapi.ts expects');
  for (const route of routes) onRoute(route);
  onReady(() => {});
  return document;
}

/**
 * Loads the reference page's plugin and collects the handlers it would register. Its module holds
 * its 5 MB browser bundle as one string: loading it at start costs ~100 ms and ~50 MB for a page few
 * open, so the first request under /api/docs loads it instead.
 */
async function loadReference(
  app: FastifyInstance,
  swagger: SwaggerDocument,
): Promise<Map<string, RouteHandlerMethod>> {
  const { default: scalar } = await import('@scalar/fastify-api-reference');
  const handlers = new Map<string, RouteHandlerMethod>();
  const host = {
    // It takes the document from @fastify/swagger's function when that plugin is registered.
    hasPlugin: (name: string) => name === '@fastify/swagger',
    swagger,
    initialConfig: app.initialConfig,
    log: app.log,
    route: (route: RouteOptions) => handlers.set(route.url, route.handler),
  };
  (scalar as unknown as PluginFunction)(host, { routePrefix: DOCS }, () => {});
  const missing = DOC_ROUTES.filter((url) => !handlers.has(url));
  if (missing.length) throw new Error(`The API reference no longer serves ${missing.join(', ')}`);
  return handlers;
}

/** The OpenAPI document, generated from the routes' zod schemas, and its reference page at /api/docs. */
export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    // Every route registered from here on, as @fastify/swagger would collect them.
    const routes: RouteOptions[] = [];
    app.addHook('onRoute', (route) => {
      routes.push(route);
    });
    let reference: Promise<Map<string, RouteHandlerMethod>> | undefined;
    for (const url of DOC_ROUTES) {
      app.get(url, { schema: { hide: true } }, async function (request, reply) {
        reference ??= buildSwagger(app, routes).then((swagger) => loadReference(app, swagger));
        return (await reference).get(url)?.call(this, request, reply);
      });
    }
  },
  { name: 'openapi' },
);
