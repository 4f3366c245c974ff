import { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { requestInProcess } from './in-process.ts';

describe('a request made in-process', () => {
  let app: TestApp;
  /** What each request to the echo route was handled with, in order. */
  const handled: { request: unknown; response: unknown }[] = [];

  beforeAll(async () => {
    app = await buildTestApp({}, async (server) => {
      await server.register(
        async (scope) => {
          scope.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) =>
            done(null, body),
          );
          scope.route({
            method: ['GET', 'POST'],
            url: '/echo',
            config: { access: 'public' },
            schema: { hide: true },
            handler: async (request, reply) => {
              handled.push({ request: request.raw, response: reply.raw });
              reply.header('set-cookie', ['a=1; Path=/', 'b=2; Path=/']);
              return reply.status(201).send({
                method: request.method,
                url: request.url,
                ip: request.ip,
                greeting: request.headers['x-greeting'] ?? null,
                body: request.body ?? null,
              });
            },
          });
        },
        { prefix: '/api/test' },
      );
    });
  });
  afterAll(() => app.close());

  it("reaches the route as a visitor's request does, from the address given, body and all", async () => {
    const answer = await requestInProcess(app, {
      method: 'POST',
      path: '/api/test/echo?x=1',
      headers: { 'content-type': 'text/plain', 'x-greeting': 'hello' },
      body: Buffer.from('a body'),
      remoteAddress: '203.0.113.7',
    });

    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body.toString())).toEqual({
      method: 'POST',
      url: '/api/test/echo?x=1',
      ip: '203.0.113.7',
      greeting: 'hello',
      body: 'a body',
    });
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(answer.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    // The in-memory connection's own headers stay with it.
    expect(answer.headers.has('connection')).toBe(false);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("is handled with Node's own request and response objects, not inject's stand-ins", async () => {
    await requestInProcess(app, { method: 'GET', path: '/api/test/echo', headers: {} });

    const seen = handled.at(-1);
    expect(Object.getPrototypeOf(seen?.request)).toBe(IncomingMessage.prototype);
    expect(Object.getPrototypeOf(seen?.response)).toBe(ServerResponse.prototype);
  });

  it("answers with the server's own refusal of a request it cannot parse", async () => {
    const answer = await requestInProcess(app, {
      method: 'GET',
      path: '/api/test/echo',
      headers: { 'content-length': '5', 'transfer-encoding': 'chunked' },
    });

    expect(answer.status).toBe(400);
  });

  it('many at once each get their own answer', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        requestInProcess(app, { method: 'GET', path: `/api/test/echo?n=${i}`, headers: {} }),
      ),
    );

    expect(answers.map((answer) => JSON.parse(answer.body.toString()).url)).toEqual(
      Array.from({ length: 20 }, (_, i) => `/api/test/echo?n=${i}`),
    );
  });
});
