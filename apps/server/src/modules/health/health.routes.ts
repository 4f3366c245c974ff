import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const HealthSchema = z.object({ status: z.enum(['ok', 'unavailable']) });

/**
 * What both probes share: a load balancer asks every few seconds, so their requests are not logged at
 * info (a failed readiness check still logs its warning), and 15-byte answers are never compressed.
 */
const PROBE = { config: { access: 'public' }, logLevel: 'warn', compress: false } as const;

/** Liveness and readiness, outside /api so load balancers need no cookies or CSRF rules. */
export async function healthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The liveness answer never changes: its bytes are written once, past the serializer.
  const alive = JSON.stringify({ status: 'ok' } satisfies z.infer<typeof HealthSchema>);
  r.get('/healthz', { ...PROBE, schema: { hide: true } }, (_request, reply) => {
    reply.type('application/json; charset=utf-8').send(alive);
  });
  r.get(
    '/readyz',
    { ...PROBE, schema: { hide: true, response: { 200: HealthSchema, 503: HealthSchema } } },
    async (request, reply) => {
      // Shutting down: the load balancer is told so on each probe until the server stops listening,
      // and the shutdown itself is logged once, not once a probe.
      if (app.lifecycle.draining) return reply.status(503).send({ status: 'unavailable' as const });
      try {
        if (!app.database.migrated()) throw new Error('migrations have not run');
        await Promise.race([
          app.database.ping(),
          new Promise((_, reject) =>
            setTimeout(() => reject(new Error('database ping timed out')), 2000).unref(),
          ),
        ]);
        return { status: 'ok' as const };
      } catch (error) {
        // Why, in a line: the stack of a failed ping says nothing an operator can act on.
        request.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'not ready');
        return reply.status(503).send({ status: 'unavailable' as const });
      }
    },
  );
}
