import { ShopSchema, UpdateShopSchema } from '@barbershop/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { sendCachedJson } from '../../plugins/cached-json.ts';
import { geocodeAddress } from '../barbers/geocoding.ts';
import { defaultShop, getShop, updateShop } from './shop.service.ts';

export type ShopRoutesOptions = { config: Pick<Config, 'salesTaxRate' | 'maps'> };

export async function shopRoutes(app: FastifyInstance, { config }: ShopRoutesOptions) {
  const defaults = defaultShop(config.salesTaxRate);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/shop',
    {
      config: { access: 'public' },
      schema: {
        tags: ['shop'],
        summary: 'The shop: name, phone, pickup address, links, policies (defaults until set up)',
        response: { 200: ShopSchema },
      },
    },
    async (_request, reply) =>
      sendCachedJson(reply, ShopSchema, await getShop(app.db, app.publicCache, defaults)),
  );
  r.put(
    '/shop',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['shop'],
        summary:
          'Change any of the settings: name, phone, email, address, hours, social links, policies, sales tax rate',
        body: UpdateShopSchema,
        response: { 200: ShopSchema },
      },
    },
    (request) =>
      updateShop(app.db, request.user!.id, request.body, defaults, (address) =>
        geocodeAddress(config, address, request.log),
      ),
  );
}
