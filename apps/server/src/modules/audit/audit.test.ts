import { AUDIT_TOOLS, type AuditEntry } from '@barbershop/contract';
import { createProduct, createUser } from '@barbershop/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createOrder } from '../../test/orders.ts';
import { signInAs } from '../../test/sessions.ts';
import { recordAudit } from './audit.repository.ts';

describe('GET /api/audit', () => {
  let app: TestApp;
  let staff: string;
  let sam: Awaited<ReturnType<typeof createUser>>;
  let alex: Awaited<ReturnType<typeof createUser>>;
  let orderId: string;
  let customerId: string;

  beforeAll(async () => {
    app = await buildTestApp();
    sam = await createUser(app.db, { name: 'Sam Staff', accessLevel: 1 });
    alex = await createUser(app.db, { name: 'Alex Admin', accessLevel: 2 });
    staff = await signInAs(app, sam);
    const admin = await signInAs(app, alex);
    const customer = await createUser(app.db);
    customerId = customer.id;
    const product = await createProduct(app.db);
    const order = await createOrder(app.db, {
      userId: customer.id,
      lines: [{ product, size: 'Large', quantity: 1 }],
    });
    orderId = order.id;
    const send = (method: 'PUT' | 'PATCH', url: string, cookie: string, payload: object) =>
      app.inject({ method, url, headers: { cookie }, payload });
    await send('PUT', `/api/orders/${orderId}`, staff, { status: 'ready' });
    await send('PATCH', `/api/users/${customer.id}`, admin, { accessLevel: 1 });
    await send('PUT', `/api/orders/${orderId}`, admin, { status: 'processing' });
  });
  afterAll(() => app.close());

  const get = (query: string, cookie = staff) =>
    app.inject({ url: `/api/audit${query}`, headers: { cookie } });

  it('lists every staff change newest first with who, when, before and after', async () => {
    const response = await get('');
    expect(response.statusCode).toBe(200);
    const entries = response.json<AuditEntry[]>();
    expect(entries.map((e) => [e.entity, e.action, e.actor?.name])).toEqual([
      ['order', 'status', 'Alex Admin'],
      ['user', 'role', 'Alex Admin'],
      ['order', 'status', 'Sam Staff'],
    ]);
    expect(entries[2]).toMatchObject({
      entityId: orderId,
      before: { status: 'processing' },
      after: { status: 'ready' },
    });
  });

  it('filters by person, kind and record, and pages with cursors', async () => {
    const names = async (query: string) => (await get(query)).json<AuditEntry[]>().map((e) => e.action);
    expect(await names(`?actor=${sam.id}`)).toEqual(['status']);
    expect(await names('?entity=user')).toEqual(['role']);
    expect(await names(`?entity=user&entityId=${customerId}`)).toEqual(['role']);
    expect(await names(`?entity=order&entityId=${orderId}`)).toEqual(['status', 'status']);
    const [first] = (await get('?limit=1')).json<AuditEntry[]>();
    const rest = (await get(`?after=${first!.cursor}`)).json<AuditEntry[]>();
    expect(rest.map((e) => e.entity)).toEqual(['user', 'order']);
  });

  it('refuses a bad filter (400 naming it) and anyone but staff', async () => {
    expect((await get('?entity=cake')).json().error.message).toMatch(/^querystring\.entity/);
    expect((await get('?after=xyz')).statusCode).toBe(400);
    const customer = await signInAs(app, await createUser(app.db));
    expect((await get('', customer)).statusCode).toBe(403);
    expect((await app.inject('/api/audit')).statusCode).toBe(401);
  });
});

describe('GET /api/audit/actors', () => {
  it('lists everyone who has made a change, by name, a former staff member too, and no one else', async () => {
    const app = await buildTestApp();
    try {
      const sam = await createUser(app.db, { name: 'Sam Staff', accessLevel: 1 });
      const alex = await createUser(app.db, { name: 'Alex Admin', accessLevel: 2 });
      await createUser(app.db, { name: 'Quiet Staff', accessLevel: 1 });
      const customer = await createUser(app.db, { name: 'Casey Customer' });
      const order = await createOrder(app.db, {
        userId: customer.id,
        lines: [{ product: await createProduct(app.db), size: 'Large', quantity: 1 }],
      });
      const admin = await signInAs(app, alex);
      const change = (url: string, payload: object, cookie: string, method: 'PUT' | 'PATCH' = 'PATCH') =>
        app.inject({ method, url, headers: { cookie }, payload });
      await change(`/api/orders/${order.id}`, { status: 'ready' }, await signInAs(app, sam), 'PUT');
      // Sam leaves: demoted to customer, his change stays his.
      await change(`/api/users/${sam.id}`, { accessLevel: 0 }, admin);
      // A change made by a tool has no actor, and adds no one.
      await recordAudit(app.db, {
        actorUserId: null,
        tool: AUDIT_TOOLS.roleCommand,
        entity: 'user',
        entityId: customer.id,
        action: 'update',
        before: null,
        after: null,
      });

      const response = await app.inject({ url: '/api/audit/actors', headers: { cookie: admin } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([
        { gid: alex.id, name: 'Alex Admin' },
        { gid: sam.id, name: 'Sam Staff' },
      ]);
    } finally {
      await app.close();
    }
  });
});
