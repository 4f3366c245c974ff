import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test/app.ts';

describe('the request path shared by every route', () => {
  let app: TestApp;
  /** Each request's URL, with the Request and Reply classes (prototypes) that served it. */
  const classes = new Map<string, [request: object, reply: object]>();

  beforeAll(async () => {
    app = await buildTestApp({}, async (server) => {
      server.addHook('onRequest', (request, reply, done) => {
        classes.set(request.url, [Object.getPrototypeOf(request), Object.getPrototypeOf(reply)]);
        done();
      });
    });
  });
  afterAll(() => app.close());

  // Fastify gives each encapsulated context its own Request and Reply classes; the code all requests
  // share stays fast while it meets few of them (docs/performance.md).
  it('serves the routes of every API module with one Request and Reply class, the root routes with another', async () => {
    const api = ['/api/shop', '/api/barbers', '/api/products/published', '/api/users/me', '/api/orders'];
    const root = ['/healthz', '/readyz', '/robots.txt'];
    for (const url of [...api, ...root]) await app.inject(url);
    for (const side of [0, 1]) {
      expect(new Set(api.map((url) => classes.get(url)![side])).size).toBe(1);
      expect(new Set(root.map((url) => classes.get(url)![side])).size).toBe(1);
      expect(classes.get(api[0]!)![side]).not.toBe(classes.get(root[0]!)![side]);
    }
  });
});
