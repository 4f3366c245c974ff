import { AuditActorSchema, AuditEntrySchema, AuditQuerySchema } from '@barbershop/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listActors, listAuditTrail } from './audit-trail.service.ts';

/** The audit trail, for staff: the activity page and each record's history. */
export async function auditRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/audit',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['audit'],
        summary:
          "Staff changes, newest first, with who, when, and the values before and after; filter by actor (a user's gid), entity and entityId; the next page after a row's cursor",
        querystring: AuditQuerySchema,
        response: { 200: z.array(AuditEntrySchema) },
      },
    },
    (request) => listAuditTrail(app.db, request.query),
  );
  r.get(
    '/audit/actors',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['audit'],
        summary: 'Everyone who has made a change, by name, staff today or not: the activity filter',
        response: { 200: z.array(AuditActorSchema) },
      },
    },
    () => listActors(app.db),
  );
}
