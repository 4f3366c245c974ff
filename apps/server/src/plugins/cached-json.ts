import type { FastifyReply } from 'fastify';
import { type ZodType, z } from 'zod';

const bodies = new WeakMap<object, string>();

/**
 * Sends a value read from the public cache as JSON written once per value: the cache hands out the
 * same object until a write replaces it, so later answers cost no serialisation. The schema is the
 * route's response schema, applied as its serialiser would; the value must never be changed in place.
 */
export function sendCachedJson(reply: FastifyReply, schema: ZodType, value: object) {
  let body = bodies.get(value);
  if (body === undefined) {
    body = JSON.stringify(z.encode(schema, value));
    bodies.set(value, body);
  }
  // A string body with a JSON type goes out as it is, past the route's serialiser.
  return reply.type('application/json; charset=utf-8').send(body);
}
