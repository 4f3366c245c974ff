import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { buildRobots, buildSitemap } from './seo.service.ts';

/** /sitemap.xml and /robots.txt, served at the root by the server itself, before the pages' catch-all. */
export async function seoRoutes(app: FastifyInstance, { publicUrl }: Pick<Config, 'publicUrl'>) {
  app.get(
    '/sitemap.xml',
    { config: { access: 'public' }, schema: { hide: true } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return reply
        .type('application/xml; charset=utf-8')
        .send(await buildSitemap(app.db, app.publicCache, publicUrl));
    },
  );
  app.get(
    '/robots.txt',
    { config: { access: 'public' }, schema: { hide: true } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=86400');
      return reply.type('text/plain; charset=utf-8').send(buildRobots(publicUrl));
    },
  );
}
