import { OrderSchema, OrderSummarySchema } from '@barbershop/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../plugins/errors.ts';
import { getOrderFor, listOrdersOf } from './orders.service.ts';

/** The signed-in customer's orders; staff may open any order. */
export async function ordersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/orders',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['orders'],
        summary: "The caller's own orders, newest first (amounts in cents)",
        response: { 200: z.array(OrderSummarySchema) },
      },
    },
    (request) => listOrdersOf(app.db, request.user!.id),
  );
  r.get(
    '/orders/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['orders'],
        summary: 'One order with lines, items and log (amounts in cents); 404 unless yours or you are staff',
        params: idParams({ id: 'order' }),
        response: { 200: OrderSchema },
      },
    },
    (request) => getOrderFor(app.db, request.user!, request.params.id),
  );
}
