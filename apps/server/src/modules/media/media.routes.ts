import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MediaStorage } from './media.storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    media: MediaStorage;
  }
}

/**
 * Serves stored media. Keys are content hashes, so a URL never changes meaning: caches may keep it
 * for good (an image nothing uses any more is deleted here, docs/operations.md, not changed).
 */
export async function mediaRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/media/*',
    {
      config: { access: 'public' },
      schema: { hide: true, params: z.object({ '*': z.string().regex(/^[\w/-]+\.webp$/) }) },
    },
    async (request, reply) => {
      const body = await app.media.get(request.params['*']);
      if (!body) return reply.status(404).type('text/plain').send('Not found');
      return reply
        .type('image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(body);
    },
  );
}
