import type { FastifyReply } from 'fastify';
import { type ZodType, z } from 'zod';

const bodies = new WeakMap<object, Buffer>();

/**
 * Sends a value read from the public cache as JSON written once per value: the cache hands out the
 * same object until a write replaces it, so later answers cost no serialisation. The schema is the
 * route's response schema, applied as its serialiser would; the value must never be changed in place.
 */
export function sendCachedJson(reply: FastifyReply, schema: ZodType, value: object) {
  let body = bodies.get(value);
  if (body === undefined) {
    body = Buffer.from(JSON.stringify(z.encode(schema, value)));
    bodies.set(value, body);
  }
  // Bytes go out as they are, past the route's serialiser and without encoding text per response.
  return reply.type('application/json; charset=utf-8').send(body);
}
