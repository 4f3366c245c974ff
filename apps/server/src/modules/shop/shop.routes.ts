import { ShopSchema, UpdateShopSchema } from '@barbershop/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../plugins/errors.ts';
import { findShop } from './shop.repository.ts';
import { updateShop } from './shop.service.ts';

export async function shopRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
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
  r.put(
    '/shop',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['shop'],
        summary:
          'Change any of the settings: name, phone, email, address, hours, social links, sales tax rate',
        body: UpdateShopSchema,
        response: { 200: ShopSchema },
      },
    },
    (request) => updateShop(app.db, request.user!.id, request.body),
  );
}
