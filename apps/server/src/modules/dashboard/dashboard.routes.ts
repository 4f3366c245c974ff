import { OverviewSchema } from '@barbershop/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { overview } from './dashboard.service.ts';

export async function dashboardRoutes(app: FastifyInstance, { timeZone }: { timeZone: string }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/dashboard/overview',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['dashboard'],
        summary:
          'Revenue and orders for today, 7 and 30 days, work waiting, low stock, latest orders, daily series',
        response: { 200: OverviewSchema },
      },
    },
    () => overview(app.db, timeZone),
  );
}
