import { resolve } from 'node:path';
import { constants as zlib } from 'node:zlib';
import type { DatabaseHandle } from '@barbershop/db';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { devIdpRoutes } from './modules/auth/dev-idp/dev-idp.routes.ts';
import { DEV_IDP_PATH } from './modules/auth/dev-idp/dev-idp.settings.ts';
import { barbersRoutes } from './modules/barbers/barbers.routes.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { type MediaStorage, mediaStorageFor } from './modules/media/media.storage.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { ordersStaffRoutes } from './modules/orders/orders.staff.routes.ts';
import { pickupKey } from './modules/orders/pickup.ts';
import { type PaymentProvider, paymentProviderFor } from './modules/payments/payment-provider.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { productsRoutes } from './modules/products/products.routes.ts';
import { seoRoutes } from './modules/seo/seo.routes.ts';
import { shopRoutes } from './modules/shop/shop.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { accessPlugin } from './plugins/access.ts';
import { cacheHeadersPlugin } from './plugins/cache-headers.ts';
import { databasePlugin } from './plugins/database.ts';
import {
  AppError,
  clientErrorHandler,
  errorsPlugin,
  frameworkErrors,
  loggedError,
} from './plugins/errors.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { publicCachePlugin } from './plugins/public-cache.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { requestIds, requestLineWriter, requestLoggerFactory } from './plugins/request-logger.ts';
import { loggedUrl } from './plugins/request-path.ts';
import { securityPlugin } from './plugins/security.ts';
import { sessionPlugin } from './plugins/session.ts';
import { shutdownPlugin } from './plugins/shutdown.ts';
import { ssrPlugin } from './plugins/ssr.ts';

export type BuildOptions = {
  /** An open database to use instead of the configured one (tests). */
  database?: DatabaseHandle;
  /** The configured database, already being opened (main.ts starts it first); closed with the app. */
  opening?: Promise<DatabaseHandle>;
  /** Media storage to use instead of DATA_DIR/media (tests). */
  media?: MediaStorage;
  /** Serve pages: 'dev' through Vite, 'build' from the production build, false for the API only. */
  web?: 'dev' | 'build' | false;
  /** Write logs (default: as configured). */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests reading the log). */
  logStream?: { write(line: string): void };
  /** Run the background jobs (expiry sweep, outbox): the real server does, tests start them themselves. */
  jobs?: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The card processor, or the demo provider where none is configured. */
    payments: PaymentProvider;
  }
}

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;

/**
 * Every route validates and serializes with zod. Given as the server's compilers rather than set once
 * it exists, Fastify never loads its own (Ajv and fast-json-stringify, ~100 modules at start-up).
 * Fastify types a compiler's schema as `unknown`, the zod compilers a zod type: hence the cast.
 */
const ZOD_COMPILERS = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as CompilersFactory;

/** How long after start-up the background jobs begin. */
const JOBS_DELAY_MS = 1000;

/**
 * A module's routes, registered in the context they are given instead of one of their own. Fastify
 * gives each encapsulated context its own Request and Reply classes, so with a context per module the
 * code every request runs (Fastify's reply, hooks and routing) met some twenty object shapes once
 * a few kinds of request had been served, and V8 optimised it for none: the health probe cost ~3 us
 * more after a minute of pages than before (docs/performance.md). Only what needs a context of its own
 * keeps one: the /api prefix, the pages, and routes that read bodies their own way.
 */
function inPlace<Options>(routes: (app: FastifyInstance, options: Options) => Promise<void>) {
  return fp(routes as FastifyPluginAsync<Options & Record<never, never>>);
}

/** A request as every log line shows it: sign-in codes and other secrets in the query redacted. */
function loggedRequest(request: FastifyRequest) {
  return { method: request.method, url: loggedUrl(request.url), remoteAddress: request.ip };
}

export const WEB_ROOT = resolve(import.meta.dirname, '../../web');

/** Builds the whole server: every plugin and module, in order, in one place. */
export async function buildApp(config: Config, options: BuildOptions = {}) {
  const proxyHops = config.trustProxy;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
            serializers: {
              err: loggedError,
              // Sign-in callbacks carry an authorization code and state in the query: never logged.
              req: loggedRequest,
            },
            ...(options.logStream
              ? { stream: options.logStream }
              : config.devPages
                ? { transport: { target: 'pino-pretty', options: { singleLine: true } } }
                : {}),
          },
    childLoggerFactory: requestLoggerFactory(),
    genReqId: requestIds(proxyHops !== false),
    // Off unless TRUST_PROXY names the load balancer: otherwise any client could pick its address.
    trustProxy:
      typeof proxyHops === 'number' ? (_address: string, hop: number) => hop < proxyHops : proxyHops,
    forceCloseConnections: 'idle',
    // A request that reaches a closing server is served like any other (plugins/shutdown.ts).
    return503OnClosing: false,
    bodyLimit: 1024 * 1024,
    // How long a request may take to arrive whole. Fastify's default (none) left a request whose body
    // stopped short of its Content-Length waiting, with its connection, for ever; Node's own default,
    // five minutes, still lets a phone send the largest upload (10 images of 10 MB) at 3 Mbit/s.
    requestTimeout: 5 * 60_000,
    // One line per request, written when it ends (below), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    frameworkErrors,
    clientErrorHandler,
    schemaController: { compilersFactory: ZOD_COMPILERS },
  });
  // A callback, not an async hook: every request passes it, and a promise each is measurable.
  const writeRequestLine = requestLineWriter(app.log, loggedRequest);
  app.addHook('onResponse', (request, reply, done) => {
    writeRequestLine(request, reply);
    done();
  });

  await app.register(errorsPlugin);
  await app.register(shutdownPlugin);
  await app.register(accessPlugin);
  await app.register(compress, {
    threshold: 1024,
    // Browsers never compress what they send, and a compressed body could unpack to far more than
    // the body limit: request bodies are read as they come (a Content-Encoding is not undone).
    globalDecompression: false,
    // Brotli's default window is 4 MB, allocated per compressed response; no response we compress
    // as it goes (a page render, a long API list) needs more than 256 KB of it: same bytes, and
    // under load a few MB less per response in flight (docs/performance.md).
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_LGWIN]: 18 } },
  });
  await app.register(cookie, { secret: config.sessionSecret });
  await app.register(databasePlugin, {
    handle: options.database,
    opening: options.opening,
    url: config.databaseUrl,
    dataDir: config.dataDir,
  });
  await app.register(publicCachePlugin);
  await app.register(rateLimitPlugin);
  await app.register(sessionPlugin, { secure: config.secureCookies });
  await app.register(cacheHeadersPlugin);
  // After the session plugin: a route's same-site check then runs ahead of its session lookup.
  await app.register(securityPlugin, {
    publicUrl: config.publicUrl,
    apiBaseUrl: config.apiBaseUrl,
    dev: options.web === 'dev',
    pictureOrigins: config.pictureOrigins,
    stripe: config.stripe !== null,
    mapbox: Boolean(config.maps.token),
  });
  app.decorate('media', options.media ?? mediaStorageFor(config));
  app.decorate('payments', await paymentProviderFor(config));
  await app.register(openapiPlugin);

  await app.register(inPlace(healthRoutes));
  await app.register(inPlace(mediaRoutes));
  await app.register(inPlace(seoRoutes), { publicUrl: config.publicUrl });
  // Development sign-in: only in demo mode (a loopback PUBLIC_URL) without a real provider.
  if (config.demo && !config.oidc) await app.register(devIdpRoutes, { config, prefix: DEV_IDP_PATH });
  await app.register(
    async (api) => {
      // The API takes JSON (and forms with images). Fastify's text parser would hand a JSON text sent
      // as text/plain (fetch's type for a string body) to validation as a string, refused with a
      // puzzling "expected object, received string" instead of a 415 saying what to send.
      api.removeContentTypeParser('text/plain');
      await api.register(inPlace(shopRoutes), { config });
      await api.register(inPlace(barbersRoutes), { config });
      await api.register(inPlace(authRoutes), { config });
      await api.register(inPlace(usersRoutes), { adminEmails: config.adminEmails });
      const orderDeps = {
        pickup: pickupKey(config.sessionSecret),
        publicUrl: config.publicUrl,
        timeZone: config.shopTimeZone,
      };
      await api.register(inPlace(ordersRoutes), orderDeps);
      await api.register(inPlace(ordersStaffRoutes), orderDeps);
      await api.register(inPlace(auditRoutes));
      await api.register(inPlace(productsRoutes), { config });
      await api.register(inPlace(dashboardRoutes), { timeZone: config.shopTimeZone });
      await api.register(inPlace(catalogRoutes));
      await api.register(inPlace(paymentsRoutes), { config, provider: app.payments });
      const noSuchRoute = async () => {
        throw new AppError('not_found', 'No such API route.');
      };
      api.all('/*', { config: { access: 'public' }, schema: { hide: true } }, noSuchRoute);
      // `/api` itself too (with the prefix, '/' is both `/api` and `/api/`), which the page route
      // would otherwise answer with the site's 404 page: a client probing the API's base gets JSON.
      api.all('/', { config: { access: 'public' }, schema: { hide: true } }, noSuchRoute);
    },
    { prefix: '/api' },
  );

  if (options.jobs) {
    // Loaded and started a moment after the server is up: the first requests need none of it
    // (the mailer and the sweep are ~200 ms of start-up), and the sweep runs every minute anyway.
    let timer: NodeJS.Timeout | undefined;
    let started: Promise<() => Promise<void>> | undefined;
    app.addHook('onReady', async () => {
      timer = setTimeout(() => {
        started = import('./jobs/jobs.ts').then(({ startJobs }) => startJobs(app, config));
      }, JOBS_DELAY_MS);
    });
    // Before the database closes: a round in progress finishes first.
    app.addHook('preClose', async () => {
      clearTimeout(timer);
      const stop = await started;
      await stop?.();
    });
  }
  if (options.web) await app.register(ssrPlugin, { config, webRoot: WEB_ROOT, dev: options.web === 'dev' });
  return app;
}
