import { ErrorResponseSchema } from '@barbershop/contract';
import { createBarber, createProduct, createUser } from '@barbershop/db/factories';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test/app.ts';
import { createOrder } from './test/orders.ts';
import { signInAs } from './test/sessions.ts';
import { createShop } from './test/shop.ts';

// Every route in the OpenAPI document, called by a client that gets things wrong: odd path and query
// values, repeated parameters, any JSON or none, wrong or missing Content-Types, bodies that are not
// what they claim. Whatever it sends, the answer is never a 5xx, and every refusal is the one error
// shape with a message. A new route is walked as soon as it is in the document.

type Route = { method: string; path: string; query: string[]; fields: string[] };
type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: string }[];
        requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
      }
    >
  >;
};

// The upload routes document their form in words; these are its fields.
const FORM_FIELDS = ['name', 'description', 'pricing', 'category', 'images', 'stock', 'version', 'hours'];

// Path and query values as a client might send them, percent-encoded where they travel encoded.
const NASTY = [
  '',
  '%00',
  '%2F',
  '..%2F..',
  '%C0%AF',
  '%ED%A0%80',
  '%EF%BF%BF',
  '%F0%9F%92%88',
  '%E2%80%AE',
  '-1',
  '0',
  '1.5',
  '1e309',
  '99999999999999999999',
  'NaN',
  'null',
  '__proto__',
  'constructor',
  '00000000-0000-0000-0000-000000000000',
  'a'.repeat(101),
  "'%3B--",
];
const value = fc.oneof(
  fc.constantFrom(...NASTY),
  fc.string({ unit: 'binary', maxLength: 30 }).map((text) => encodeURIComponent(text.toWellFormed())),
);

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'application/xml',
  '',
  ';;',
];

type Body = { contentType?: string; payload?: string };
const body = (fields: string[]): fc.Arbitrary<Body> =>
  fc.oneof(
    fc.constant({}),
    fc.record({ contentType: fc.constant('application/json'), payload: fc.json() }),
    fc.record({
      contentType: fc.constant('application/json'),
      // Any text, control characters and halves of surrogate pairs included.
      payload: fc
        .dictionary(fc.constantFrom(...fields), fc.jsonValue({ stringUnit: 'binary' }))
        .map((v) => JSON.stringify(v)),
    }),
    fc.record({
      contentType: fc.constantFrom(...CONTENT_TYPES),
      payload: fc.oneof(fc.string(), fc.json(), fc.constant('--x\r\n\r\n--x--\r\n')),
    }),
  );

describe('the API under bad input, property-based', () => {
  let app: TestApp;
  let routes: Route[];
  const fixtures: Record<string, string> = {};

  beforeAll(async () => {
    // Limits high enough that every call is read: they answer 429 before the body is.
    app = await buildTestApp({
      SIGN_IN_RATE_LIMIT: '10000',
      PAYMENT_RATE_LIMIT: '100000',
      UPLOAD_RATE_LIMIT: '10000',
    });
    await createShop(app.db);
    const customer = await createUser(app.db);
    const product = await createProduct(app.db);
    const order = await createOrder(app.db, {
      userId: customer.id,
      lines: [{ product, size: 'Medium', quantity: 1 }],
    });
    const item = order.items[0]!.id;
    Object.assign(fixtures, {
      gid: (await createBarber(app.db)).id,
      id: order.id,
      name: product.slug,
      product: product.slug,
      item,
      itemId: item,
    });
    const doc = (await app.inject('/api/docs/openapi.json')).json() as OpenApi;
    routes = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => {
        const schema = Object.values(operation.requestBody?.content ?? {})[0]?.schema;
        return {
          method: method.toUpperCase(),
          path,
          query: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
          fields: schema?.properties ? Object.keys(schema.properties) : FORM_FIELDS,
        };
      }),
    );
  });
  afterAll(() => app.close());

  /** A session per role (none: anonymous), made again after a call that may have ended it. */
  const sessions = new Map<number, string>();
  const sessionOf = async (role: number) => {
    let cookie = sessions.get(role);
    if (!cookie) {
      cookie = await signInAs(app, await createUser(app.db, { accessLevel: role }));
      sessions.set(role, cookie);
    }
    return cookie;
  };

  /** Sends one request as a user of `role` (none: anonymous), and checks the answer. */
  async function send(method: string, url: string, role: number | undefined, body: Body) {
    const cookie = role === undefined ? undefined : await sessionOf(role);
    if (url.startsWith('/api/auth/')) sessions.clear();
    const response = await app.inject({
      method: method as 'GET',
      url,
      headers: {
        'sec-fetch-site': 'same-origin',
        ...(cookie ? { cookie } : {}),
        ...(body.contentType === undefined ? {} : { 'content-type': body.contentType }),
      },
      ...(body.payload === undefined ? {} : { payload: body.payload }),
    });
    const seen = `${method} ${url} ${JSON.stringify(body).slice(0, 100)} -> ${response.statusCode} ${response.body.slice(0, 200)}`;
    expect(response.statusCode, seen).toBeLessThan(500);
    if (response.statusCode >= 400 && method !== 'HEAD') {
      const error = ErrorResponseSchema.safeParse(JSON.parse(response.body));
      expect(error.success, seen).toBe(true);
      expect(error.data?.error.message, seen).not.toBe('');
    }
  }

  it('refuses every Content-Type a write route does not take, and every body it cannot read, with a 4xx', async () => {
    for (const route of routes.filter((r) => r.method !== 'GET')) {
      const url = route.path.replace(/\{(\w+)\}/g, (_, name: string) => fixtures[name]!);
      for (const contentType of CONTENT_TYPES)
        for (const payload of ['', '{', '{}', '--x\r\n\r\n--x--\r\n'])
          await send(route.method, url, 2, { contentType, payload });
    }
  });

  it('never answers 5xx, and refuses in the one error shape', async () => {
    const request = fc
      .record({
        route: fc.integer({ min: 0, max: routes.length - 1 }).map((i) => routes[i]!),
        role: fc.constantFrom(undefined, 0, 1, 2),
        params: fc.dictionary(fc.constantFrom(...Object.keys(fixtures)), value),
        query: fc.array(fc.tuple(fc.nat(), value), { maxLength: 4 }),
        trailingSlash: fc.boolean(),
        // Mostly the route's own method, sometimes one it may not have.
        method: fc.oneof(
          { arbitrary: fc.constant(undefined), weight: 5 },
          fc.constantFrom('HEAD', 'OPTIONS', 'DELETE', 'PATCH'),
        ),
      })
      .chain((call) => fc.record({ call: fc.constant(call), body: body(call.route.fields) }));

    await fc.assert(
      fc.asyncProperty(request, async ({ call, body }) => {
        const { route } = call;
        const path = route.path.replace(
          /\{(\w+)\}/g,
          (_, name: string) => call.params[name] ?? fixtures[name]!,
        );
        // Query names the route declares (repeats included), and one it does not.
        const names = [...route.query, 'page'];
        const query = call.query.map(([i, v]) => `${names[i % names.length]}=${v}`).join('&');
        const url = `${path}${call.trailingSlash ? '/' : ''}${query ? `?${query}` : ''}`;
        await send(call.method ?? route.method, url, call.role, body);
      }),
      { numRuns: 500 },
    );
  });
});
