import { CatalogProductSchema, ItemCertificateSchema } from '@barbershop/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCachedJson } from '../../plugins/cached-json.ts';
import { getItemCertificate, getStoreProduct, listPublishedProducts } from './catalog.service.ts';

const Published = z.array(CatalogProductSchema);

/** The public store: products on sale and item certificates. */
export async function catalogRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/products/published',
    {
      config: { access: 'public' },
      schema: {
        tags: ['store'],
        summary: "The store's products on sale, with stock per size (pricing in dollars)",
        response: { 200: Published },
      },
    },
    async (_request, reply) =>
      sendCachedJson(reply, Published, await listPublishedProducts(app.db, app.publicCache)),
  );
  r.get(
    '/products/store/:name',
    {
      config: { access: 'public' },
      schema: {
        tags: ['store'],
        summary:
          'One product on sale by slug, exact name (any case) or a slug it had before a rename; 404 for drafts, archived and deleted',
        params: z.object({ name: z.string() }),
        response: { 200: CatalogProductSchema },
      },
    },
    async (request, reply) =>
      sendCachedJson(
        reply,
        CatalogProductSchema,
        await getStoreProduct(app.db, app.publicCache, request.params.name),
      ),
  );
  r.get(
    '/products/:product/:item',
    {
      config: { access: 'public' },
      schema: {
        tags: ['store'],
        summary:
          "One physical item's certificate, found by its id (the product part may be an older name); the owner's first name only to the owner and staff",
        params: z.object({ product: z.string(), item: z.string() }),
        response: { 200: ItemCertificateSchema },
      },
    },
    async (request, reply) => {
      // What the owner's name shows depends on who asks.
      reply.header('cache-control', 'private, no-store');
      return getItemCertificate(app.db, request.user, request.params.item);
    },
  );
}
