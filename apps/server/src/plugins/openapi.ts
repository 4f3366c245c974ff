import swagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document, generated from the routes' zod schemas, and its reference page at /api/docs. */
export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: { title: 'Barbershop API', version: '1.0.0', description: 'The JSON API behind the site.' },
        servers: [{ url: '/' }],
      },
      transform: jsonSchemaTransform,
    });
    await app.register(scalar, { routePrefix: '/api/docs' });
  },
  { name: 'openapi' },
);
