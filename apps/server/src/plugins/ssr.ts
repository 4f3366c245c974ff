import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { ApiFetch, PublicConfig } from '@barbershop/contract';
import { urlOnSite } from '@barbershop/contract/format';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { createRequestHandler, RouterContextProvider, ServerBuild } from 'react-router';
import type { Config } from '../config.ts';
import { createApiBridge } from './api-bridge.ts';
import { serveClientFiles } from './client-files.ts';
import { requestInProcess } from './in-process.ts';
import { createPageCache, type PageCacheLimits, type RenderedPage } from './page-cache.ts';

// Per-response headers the error page's own answer carries that the answer it becomes must not repeat.
const SKIPPED_HEADERS = new Set(['content-length', 'date']);

export type SsrOptions = {
  config: Config;
  webRoot: string;
  dev: boolean;
  /** The anonymous page cache's bounds (tests); off in development, where pages change with each edit. */
  pageCache?: PageCacheLimits;
};

/** What the web's server build exports beside the routes (apps/web/app/entry.server.tsx). */
type WebEntry = {
  createRequestHandler: typeof createRequestHandler;
  createLoadContext(values: {
    apiFetch: ApiFetch;
    config: PublicConfig;
    nonce: string;
  }): RouterContextProvider;
};

function toFetchRequest(request: FastifyRequest, reply: FastifyReply, publicUrl: string): Request {
  // From PUBLIC_URL, never the request line: `//evil.example/x` must not name another host for the
  // links and redirects a page builds from its URL.
  const url = urlOnSite(publicUrl, request.url);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const controller = new AbortController();
  reply.raw.on('close', () => controller.abort());
  // Read whole by the parser below, within the server's body limit.
  const body = Buffer.isBuffer(request.body) ? request.body : undefined;
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(body && request.method !== 'GET' && request.method !== 'HEAD' ? { body: new Uint8Array(body) } : {}),
  });
}

async function sendFetchResponse(reply: FastifyReply, response: Response, apiCookies: string[]) {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') reply.header(name, value);
  }
  // The API's cookies first, so a page that sets the same cookie itself has the last word.
  const cookies = [...apiCookies, ...response.headers.getSetCookie()];
  if (cookies.length) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
}

/**
 * Hands every page request to React Router. Loaders and actions reach the API through the bridge
 * (api-bridge.ts), in-process, as the visitor, so pages obey the same access rules as any API client.
 */
export async function ssrPlugin(app: FastifyInstance, { config, webRoot, dev, pageCache }: SsrOptions) {
  let loadBuild: () => Promise<ServerBuild>;
  if (dev) {
    const { createServer } = await import('vite');
    const vite = await createServer({
      root: webRoot,
      configFile: join(webRoot, 'vite.config.ts'),
      server: { middlewareMode: true, hmr: { server: app.server } },
      appType: 'custom',
    });
    await app.register((await import('@fastify/middie')).default);
    app.use(vite.middlewares);
    app.addHook('onClose', () => vite.close());
    loadBuild = () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
  } else {
    const serverBuild = join(webRoot, 'build/server/index.js');
    if (!existsSync(serverBuild))
      throw new Error(`No web build at ${serverBuild}: run "npm run build" first.`);
    const build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
    loadBuild = async () => build;
    await serveClientFiles(app, join(webRoot, 'build/client'));
  }

  const publicConfig: PublicConfig = {
    apiBaseUrl: config.apiBaseUrl,
    paymentProvider: config.stripe ? 'stripe' : 'demo',
    stripePublishableKey: config.stripe?.publishableKey ?? '',
    mapsToken: config.maps.token ?? '',
    publicUrl: config.publicUrl,
    signInProvider: config.signInProvider,
    timeZone: config.shopTimeZone,
  };

  // Page requests carry bodies (form posts) that React Router reads itself, of any type: read as
  // bytes so the server's body limit holds (413) before a page action parses them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  // One handler per build: in production that is once; in development, after each edit.
  let handlerBuild: ServerBuild | undefined;
  let handler: ReturnType<typeof createRequestHandler> = () => Promise.reject(new Error('no build'));

  // Errors outside /api (a malformed URL, an unknown method, a control character in a query) show
  // the site's error page with their status: the page route /__error/:status renders it
  // (apps/web/app/routes/site/error-status.tsx), asked for in-process as the visitor.
  app.errorPages.render = async (request, reply, status) => {
    const page = await requestInProcess(app, {
      method: 'GET',
      path: `/__error/${status}`,
      headers: {
        ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
        ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
      },
      remoteAddress: request.ip,
    });
    for (const [name, value] of page.headers) {
      if (!SKIPPED_HEADERS.has(name)) reply.header(name, value);
    }
    return reply.status(page.status).send(page.body);
  };

  const render = async (
    request: FastifyRequest,
    reply: FastifyReply,
    nonce: string,
  ): Promise<RenderedPage> => {
    const build = await loadBuild();
    const entry = build.entry.module as unknown as WebEntry;
    if (build !== handlerBuild) {
      handlerBuild = build;
      handler = entry.createRequestHandler(build, dev ? 'development' : 'production');
    }
    const bridge = createApiBridge(app, request);
    // Deferred loader data may still call the API while the page streams: the render ends with the response.
    reply.raw.once('close', bridge.close);
    const context = entry.createLoadContext({ apiFetch: bridge.fetch, config: publicConfig, nonce });
    const response = await handler(toFetchRequest(request, reply, config.publicUrl), context);
    return { response, cookies: bridge.setCookies };
  };

  const pages = dev
    ? null
    : createPageCache({
        version: () => app.publicCache.version(),
        signedIn: (request) => !!request.cookies[app.sessions.cookieName],
        ...(pageCache ? { limits: pageCache } : {}),
      });

  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    config: { access: 'public' },
    schema: { hide: true },
    handler: async (request, reply) => {
      const key = pages?.keyOf(request);
      const cached =
        pages && key
          ? await pages.serve(key, request, reply, (nonce) => render(request, reply, nonce))
          : null;
      if (cached === 'sent') return reply;
      // No CSP in development (Vite injects its own scripts), so no nonce to keep in step with.
      const { response, cookies } = cached ?? (await render(request, reply, dev ? '' : reply.scriptNonce));
      return sendFetchResponse(reply, response, cookies);
    },
  });
}
