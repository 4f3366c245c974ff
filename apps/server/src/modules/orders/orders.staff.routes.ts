import { Readable } from 'node:stream';
import {
  dayIn,
  OrderViewSchema,
  ResolveAttentionSchema,
  StaffOrdersQuerySchema,
  UpdateOrderStatusSchema,
} from '@barbershop/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changeStatusAsStaff,
  exportOrdersCsv,
  getOrderView,
  reissuePickupCode,
  type StaffOrderDeps,
  settleAttentionAsStaff,
} from './orders.staff.service.ts';

const IdParams = z.object({ id: z.string() });
const ExportQuerySchema = StaffOrdersQuerySchema.pick({ status: true, q: true, attention: true });

/**
 * Staff work on orders: the CSV export, status changes with the pickup handover, reissued codes, and
 * customers paid back another way.
 */
export async function ordersStaffRoutes(app: FastifyInstance, deps: StaffOrderDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/orders/export.csv',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['orders'],
        summary: 'Every order the staff list shows for these filters, as CSV (amounts in dollars)',
        querystring: ExportQuerySchema,
        produces: ['text/csv'],
        // Sent as a stream, which Fastify never serialises: the schema is the API document's.
        response: {
          200: {
            description: 'The orders, one row each under a header row',
            content: { 'text/csv': { schema: z.any() } },
          },
        },
      },
    },
    (request, reply) => {
      const day = dayIn(new Date(), deps.timeZone);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${day}.csv"`)
        .send(Readable.from(exportOrdersCsv(app.db, request.query, deps.timeZone)));
    },
  );
  r.put(
    '/orders/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['orders'],
        summary:
          "Change an order's status (409 for a step its delivery method does not allow, or a stale log line); a pickup order is delivered only with its pickup code (400 wrong; 409 once locked after 5 wrong tries, until a new code is issued)",
        params: IdParams,
        body: UpdateOrderStatusSchema,
        response: { 200: OrderViewSchema },
      },
    },
    async (request) => {
      await changeStatusAsStaff(app.db, deps, request.user!, request.params.id, request.body);
      return getOrderView(app.db, deps, request.user!, request.params.id);
    },
  );
  r.post(
    '/orders/:id/attention',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['orders'],
        summary:
          "Say how the customer of an order needing staff (a refund that failed) was paid back another way: written to the order's log, which the customer reads; 409 when the order needs nobody now",
        params: IdParams,
        body: ResolveAttentionSchema,
        response: { 200: OrderViewSchema },
      },
    },
    async (request) => {
      await settleAttentionAsStaff(app.db, request.user!, request.params.id, request.body);
      return getOrderView(app.db, deps, request.user!, request.params.id);
    },
  );
  r.post(
    '/orders/:id/pickup-code',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['orders'],
        summary: 'Issue a new pickup code for a ready pickup order and email it (unlocks a locked code)',
        params: IdParams,
        response: { 200: OrderViewSchema },
      },
    },
    async (request) => {
      await reissuePickupCode(app.db, deps, request.user!, request.params.id);
      return getOrderView(app.db, deps, request.user!, request.params.id);
    },
  );
}
