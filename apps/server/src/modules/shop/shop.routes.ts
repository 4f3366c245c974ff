import { ShopSchema } from '@barbershop/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { defaultShop, getShop } from './shop.service.ts';

export type ShopRoutesOptions = { salesTaxRate: number };

export async function shopRoutes(app: FastifyInstance, { salesTaxRate }: ShopRoutesOptions) {
  const defaults = defaultShop(salesTaxRate);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/shop',
    {
      config: { access: 'public' },
      schema: {
        tags: ['shop'],
        summary: 'The shop: name, phone, pickup address, links, policies (defaults until set up)',
        response: { 200: ShopSchema },
      },
    },
    () => getShop(app.db, app.publicCache, defaults),
  );
}
