import { BarberSchema } from '@barbershop/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../plugins/errors.ts';
import { getBarber, listBarbers } from './barbers.service.ts';

export async function barbersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/barbers',
    {
      config: { access: 'public' },
      schema: {
        tags: ['barbers'],
        summary: 'Barbers with services, hours and coordinates',
        response: { 200: z.array(BarberSchema) },
      },
    },
    () => listBarbers(app.db, app.publicCache),
  );
  r.get(
    '/barbers/:gid',
    {
      config: { access: 'public' },
      schema: { tags: ['barbers'], params: idParams({ gid: 'barber' }), response: { 200: BarberSchema } },
    },
    (request) => getBarber(app.db, app.publicCache, request.params.gid),
  );
}
