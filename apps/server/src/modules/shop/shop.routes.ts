import { ShopSchema } from '@barbershop/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../plugins/errors.ts';
import { findShop } from './shop.repository.ts';

export async function shopRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/shop',
    {
      config: { access: 'public' },
      schema: {
        tags: ['shop'],
        summary: 'The shop: name, phone, pickup address, links, policies',
        response: { 200: ShopSchema },
      },
    },
    async () => {
      const shop = await findShop(app.db);
      if (!shop) throw new AppError('not_found', 'The shop has not been set up yet.');
      return shop;
    },
  );
}
