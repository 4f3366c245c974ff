import { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set once a shutdown has begun: /readyz answers 503 and every response closes its connection. */
    lifecycle: { draining: boolean };
    /** Resolves when no request from a client is in flight. */
    whenIdle(): Promise<void>;
  }
}

/** The longest a shutdown may take before the process exits anyway (orchestrators wait about 10 s). */
export const SHUTDOWN_TIMEOUT_MS = 9_000;

/** Counts requests in flight, so a shutdown can wait for them, and closes connections while draining. */
export const shutdownPlugin = fp(
  async (app: FastifyInstance) => {
    const lifecycle = { draining: false };
    let inFlight = 0;
    let onIdle: (() => void) | undefined;
    app.decorate('lifecycle', lifecycle);
    app.decorate('whenIdle', () =>
      inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => (onIdle = resolve)),
    );
    // Every request passes these hooks, so they take callbacks: an async hook costs a promise each.
    const finished = () => {
      inFlight--;
      if (inFlight === 0) onIdle?.();
    };
    app.addHook('onRequest', (request, reply, done) => {
      // In-process calls (pages loading their data) run inside a request that is already counted.
      if (request.raw.socket instanceof Socket) {
        inFlight++;
        // 'close' comes once per response: `on` spares the wrapper `once` allocates.
        reply.raw.on('close', finished);
      }
      done();
    });
    app.addHook('onSend', (_request, reply, payload, done) => {
      // A keep-alive client must not send its next request to a server about to go.
      if (lifecycle.draining) reply.header('connection', 'close');
      done(null, payload);
    });
  },
  { name: 'shutdown' },
);

/**
 * Stops the server gracefully: readiness answers 503 at once and every response closes its
 * connection; for `delayMs` the server still takes new requests (a load balancer notices the 503
 * only at its next check); then idle keep-alive connections close, requests in flight finish, the
 * server stops listening, closes the database and the process exits 0. Past `delayMs + timeoutMs`
 * it exits 1 anyway.
 */
export async function shutDown(
  app: FastifyInstance,
  {
    delayMs = 0,
    timeoutMs = SHUTDOWN_TIMEOUT_MS,
    exit = (code: number) => process.exit(code),
  }: { delayMs?: number; timeoutMs?: number; exit?: (code: number) => void } = {},
) {
  if (app.lifecycle.draining) return;
  app.lifecycle.draining = true;
  if (delayMs > 0) await sleep(delayMs);
  const timer = setTimeout(() => {
    app.log.error('shutdown timed out; exiting');
    exit(1);
  }, timeoutMs);
  timer.unref();
  app.server.closeIdleConnections();
  await app.whenIdle();
  await app.close();
  clearTimeout(timer);
  exit(0);
}

/** Runs `shutDown` on SIGTERM (orchestrators) and SIGINT (Ctrl-C). main.ts calls it once. */
export function shutDownOnSignals(app: FastifyInstance, { delayMs }: { delayMs: number }) {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      app.log.info({ signal, delayMs }, 'shutting down');
      shutDown(app, { delayMs }).catch((error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
    });
  }
}
