import { schema } from '@barbershop/db';
import { createBarber, createProduct, createUser, DEFAULT_HOURS } from '@barbershop/db/factories';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test/app.ts';
import { createOrder, failRefund } from './test/orders.ts';
import { signInAs } from './test/sessions.ts';
import { createShop } from './test/shop.ts';

// Who may call what: every route in the OpenAPI document, called as each role with a real session.
// A route missing from MATRIX fails this test, so a new route cannot ship without a rule.
// To add yours: a "METHOD /api/path/{param}" key, the expected status per role, and, where the
// path has parameters or the method takes a body, how to fill them from the fixtures below.

type Role = 'anonymous' | 'customer' | 'staff' | 'admin';
const ROLES: Role[] = ['anonymous', 'customer', 'staff', 'admin'];

type Fixtures = {
  customerId: string;
  barberId: string;
  orderId: string;
  productSlug: string;
  productId: string;
  itemId: string;
  /** A pickup order ready to collect, for its pickup code. */
  readyOrderId: string;
  archivedId: string;
  spareBarberId: string;
  /** A paid order whose refund failed, and another failure of it, so it needs staff again. */
  refundFailedOrderId: string;
  failARefund: () => Promise<unknown>;
  /** The product's version now, for an edit that must not be stale. */
  productVersion: () => Promise<number>;
};

type Rule = {
  expect: Record<Role, number>;
  /** Values for the path's {parameters}. */
  params?: (f: Fixtures) => Record<string, string>;
  /** A valid body, so the answer is about access, not input. */
  body?: (f: Fixtures) => Record<string, unknown> | Promise<Record<string, unknown>>;
};

const everyone = (status: number): Record<Role, number> => ({
  anonymous: status,
  customer: status,
  staff: status,
  admin: status,
});
const PUBLIC = everyone(200);
const SIGNED_IN = { anonymous: 401, customer: 200, staff: 200, admin: 200 };
const STAFF = { anonymous: 401, customer: 403, staff: 200, admin: 200 };
const ADMIN = { anonymous: 401, customer: 403, staff: 403, admin: 200 };

const MATRIX: Record<string, Rule> = {
  'GET /api/shop': { expect: PUBLIC },
  'GET /api/barbers': { expect: PUBLIC },
  'GET /api/barbers/{gid}': { expect: PUBLIC, params: (f) => ({ gid: f.barberId }) },
  'PUT /api/shop': { expect: ADMIN, body: () => ({ phone: '7195550143', version: 1 }) },
  'GET /api/dashboard/barbers': { expect: STAFF },
  'GET /api/dashboard/barbers/{gid}': { expect: STAFF, params: (f) => ({ gid: f.barberId }) },
  // A fresh name per call, so each role's create is about access, not a taken name.
  'POST /api/barbers': {
    expect: ADMIN,
    body: () => ({
      name: `Matrix Barber ${Math.random()}`,
      address: {
        line1: '1 Main St',
        city: 'Colorado Springs',
        state: 'CO',
        postal_code: '80903',
        country: 'US',
      },
      phone: '7195550100',
      email: 'matrix@example.com',
      hours: DEFAULT_HOURS,
    }),
  },
  'PUT /api/barbers/{gid}': {
    expect: ADMIN,
    params: (f) => ({ gid: f.barberId }),
    body: () => ({ nickname: 'Matrix', version: 1 }),
  },
  // The one admin call removes the spare barber.
  'DELETE /api/barbers/{gid}': { expect: ADMIN, params: (f) => ({ gid: f.spareBarberId }) },
  'GET /api/dashboard/overview': { expect: STAFF },

  // Sign-in redirects everyone to the identity provider; a callback without a sign-in in progress
  // redirects to the sign-in page with a message.
  'GET /api/auth/google': { expect: everyone(302) },
  'GET /api/auth/google/callback': { expect: everyone(302) },
  'GET /api/auth/logout': { expect: PUBLIC },
  'POST /api/auth/logout': { expect: PUBLIC },

  'GET /api/users/me': { expect: PUBLIC },
  'GET /api/users/me/items': { expect: SIGNED_IN },
  'GET /api/users/checkAdmin': { expect: STAFF },
  'GET /api/users': { expect: STAFF },
  'GET /api/users/{gid}': { expect: STAFF, params: (f) => ({ gid: f.customerId }) },
  'PATCH /api/users/{gid}': {
    expect: ADMIN,
    params: (f) => ({ gid: f.customerId }),
    body: () => ({ phone: '(719) 555-0100' }),
  },

  'GET /api/products': { expect: STAFF },
  'GET /api/products/{name}': { expect: STAFF, params: (f) => ({ name: f.productSlug }) },
  // A fresh name per call, so each role's create is about access, not a taken name.
  'POST /api/products': {
    expect: STAFF,
    body: () => ({
      name: `Matrix Tee ${Math.random()}`,
      description: 'Made for the access test.',
      pricing: 20,
      category: 'Shirts',
    }),
  },
  'PUT /api/products/{name}': {
    expect: STAFF,
    params: (f) => ({ name: f.productSlug }),
    body: async (f) => ({ description: 'Edited by the access test.', version: await f.productVersion() }),
  },
  'POST /api/products/publish/{name}': { expect: STAFF, params: (f) => ({ name: f.productSlug }) },
  'POST /api/products/archives/{name}': { expect: STAFF, params: (f) => ({ name: f.productSlug }) },
  // The one admin call deletes the archived product.
  'DELETE /api/products/{id}': { expect: ADMIN, params: (f) => ({ id: f.archivedId }), body: () => ({}) },
  'PATCH /api/products/{name}/items/{itemId}': {
    expect: STAFF,
    params: (f) => ({ name: f.productSlug, itemId: f.itemId }),
    body: () => ({ status: 'ready' }),
  },
  'POST /api/products/{name}/items': {
    expect: STAFF,
    params: (f) => ({ name: f.productSlug }),
    body: () => ({ size: 'Small', count: 1 }),
  },

  // The customer owns the order; any other customer gets 404 (orders.test.ts).
  'GET /api/orders': { expect: SIGNED_IN },
  'GET /api/orders/{id}': { expect: SIGNED_IN, params: (f) => ({ id: f.orderId }) },
  'GET /api/orders/export.csv': { expect: STAFF },
  'GET /api/audit': { expect: STAFF },
  'GET /api/audit/actors': { expect: STAFF },
  // Roles are called in ROLES order: staff moves the order to ready, admin moves it back.
  'PUT /api/orders/{id}': {
    expect: STAFF,
    params: (f) => ({ id: f.orderId }),
    body: (() => {
      let calls = 0;
      return () => ({ status: ++calls === ROLES.length ? 'processing' : 'ready' });
    })(),
  },
  'POST /api/orders/{id}/pickup-code': { expect: STAFF, params: (f) => ({ id: f.readyOrderId }) },
  // Each call finds the order needing staff: settled by one role, it would be 409 for the next.
  'POST /api/orders/{id}/attention': {
    expect: STAFF,
    params: (f) => ({ id: f.refundFailedOrderId }),
    body: async (f) => {
      await f.failARefund();
      return { note: 'Cash at the counter' };
    },
  },

  'GET /api/products/published': { expect: PUBLIC },
  'GET /api/products/store/{name}': { expect: PUBLIC, params: (f) => ({ name: f.productSlug }) },
  'GET /api/products/{product}/{item}': {
    expect: PUBLIC,
    params: (f) => ({ product: f.productSlug, item: f.itemId }),
  },

  'POST /api/payment/create-payment-intent': {
    expect: SIGNED_IN,
    body: (f) => ({ products: [{ _id: f.productId, size: 'Medium', quantity: 1 }] }),
  },
  // Only the order's owner may pay it; to anyone else it does not exist (payments.test.ts).
  'POST /api/payment/demo/confirm': {
    expect: { anonymous: 401, customer: 200, staff: 404, admin: 404 },
    body: (f) => ({ orderId: f.orderId }),
  },
  // Stripe's webhook exists only when Stripe is configured (payments.stripe.test.ts).
  'POST /api/payment/webhook': { expect: everyone(404), body: () => ({}) },
};

describe('access matrix', () => {
  let app: TestApp;
  let fixtures: Fixtures;
  let users: Record<Exclude<Role, 'anonymous'>, { id: string }>;
  let documented: string[];

  beforeAll(async () => {
    app = await buildTestApp();
    const customer = await createUser(app.db, { accessLevel: 0 });
    users = {
      customer,
      staff: await createUser(app.db, { accessLevel: 1 }),
      admin: await createUser(app.db, { accessLevel: 2 }),
    };
    await createShop(app.db);
    const barber = await createBarber(app.db);
    const product = await createProduct(app.db);
    const order = await createOrder(app.db, {
      userId: customer.id,
      lines: [{ product, size: 'Medium', quantity: 1 }],
    });
    const archived = await createProduct(app.db, { archived: true });
    const ready = await createOrder(app.db, {
      userId: customer.id,
      lines: [{ product, size: 'Medium', quantity: 1 }],
      status: 'ready',
    });
    const refundFailed = await createOrder(app.db, {
      userId: customer.id,
      lines: [{ product, size: 'Medium', quantity: 1 }],
    });
    fixtures = {
      customerId: customer.id,
      barberId: barber.id,
      orderId: order.id,
      productSlug: product.slug,
      productId: product.id,
      itemId: order.items[0]!.id,
      archivedId: archived.id,
      spareBarberId: (await createBarber(app.db)).id,
      readyOrderId: ready.id,
      refundFailedOrderId: refundFailed.id,
      failARefund: () => failRefund(app.db, refundFailed, 100),
      productVersion: async () => {
        const [row] = await app.db.select().from(schema.products).where(eq(schema.products.id, product.id));
        return row!.version;
      },
    };

    const doc = (await app.inject('/api/docs/openapi.json')).json() as { paths: Record<string, object> };
    documented = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
  });
  afterAll(() => app.close());

  it('has a rule for every route in the OpenAPI document, and no rule for a route that is gone', () => {
    expect(
      documented.filter((route) => !(route in MATRIX)),
      'routes without a rule in MATRIX',
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((route) => !documented.includes(route)),
      'rules for no route',
    ).toEqual([]);
  });

  it.each(Object.entries(MATRIX))('%s', async (route, rule) => {
    const [method, path] = route.split(' ') as [string, string];
    const params = rule.params?.(fixtures) ?? {};
    const url = path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = params[name];
      if (!value) throw new Error(`${route}: no value for {${name}}`);
      return value;
    });
    const seen: Record<string, number> = {};
    for (const role of ROLES) {
      // A fresh session per call: a call may end it (sign-out).
      const cookie = role === 'anonymous' ? undefined : await signInAs(app, users[role]);
      const response = await app.inject({
        method: method as 'GET',
        url,
        headers: { 'sec-fetch-site': 'same-origin', ...(cookie ? { cookie } : {}) },
        ...(rule.body ? { payload: await rule.body(fixtures) } : {}),
      });
      seen[role] = response.statusCode;
    }
    expect(seen).toEqual(rule.expect);
  });
});
