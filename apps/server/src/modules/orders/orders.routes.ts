import {
  OrderSummarySchema,
  OrderViewSchema,
  StaffOrderRowSchema,
  StaffOrdersQuerySchema,
} from '@barbershop/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isStaff } from '../../plugins/access.ts';
import { AppError, idParams } from '../../plugins/errors.ts';
import { listOrdersOf } from './orders.service.ts';
import { getOrderView, listStaffOrders, type StaffOrderDeps } from './orders.staff.service.ts';

/** The signed-in customer's orders; staff may list and open any order. */
export async function ordersRoutes(app: FastifyInstance, deps: StaffOrderDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/orders',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['orders'],
        summary:
          "The caller's own orders, newest first (amounts in cents); with scope=all (staff, else 403) a page of every order with its customer, filtered by status and q, the next page after a row's cursor",
        querystring: StaffOrdersQuerySchema.partial({ scope: true }),
        response: { 200: z.union([z.array(StaffOrderRowSchema), z.array(OrderSummarySchema)]) },
      },
    },
    (request) => {
      if (!request.query.scope) return listOrdersOf(app.db, request.user!.id);
      if (!isStaff(request.user)) throw new AppError('forbidden', 'Staff only.');
      return listStaffOrders(app.db, { ...request.query, scope: 'all' });
    },
  );
  r.get(
    '/orders/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['orders'],
        summary:
          'One order with lines, items and log (amounts in cents), and while a pickup order is ready its code for the customer (its state for staff); 404 unless yours or you are staff',
        params: idParams({ id: 'order' }),
        response: { 200: OrderViewSchema },
      },
    },
    (request) => getOrderView(app.db, deps, request.user!, request.params.id),
  );
}
