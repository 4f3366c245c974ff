import type { AuditEntry, UserDetail } from '@barbershop/contract';
import { schema } from '@barbershop/db';
import { createProduct, createUser } from '@barbershop/db/factories';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { waitForLockWait } from '../../test/lock-wait.ts';
import { createOrder } from '../../test/orders.ts';
import { signInAs } from '../../test/sessions.ts';
import { enqueueEmail, markEmailSent } from '../mail/outbox.repository.ts';
import { queueMismatchRefundedEmail } from '../orders/order-lifecycle.ts';
import { upsertIdentity } from './users.repository.ts';
import { eraseUserByEmail } from './users.service.ts';

const ADDRESS = {
  line1: '12 Juniper Row',
  line2: '',
  city: 'Denver',
  state: 'CO',
  postal_code: '80202',
  country: 'US',
};
const EMAIL = { subject: 'Your order', html: '<p>Hi Casey</p>', text: 'Hi Casey' };

describe('erasing a customer on request (npm run user:erase)', () => {
  let app: TestApp;
  let admin: string;
  let product: Awaited<ReturnType<typeof createProduct>>;

  beforeAll(async () => {
    app = await buildTestApp();
    admin = await signInAs(app, await createUser(app.db, { name: 'Alex Admin', accessLevel: 2 }));
    product = await createProduct(
      app.db,
      { name: 'Logo Hoodie', category: 'Hoodies' },
      { stock: { Large: 10 } },
    );
  });
  afterAll(() => app.close());

  const get = (url: string, cookie: string) => app.inject({ url, headers: { cookie } });
  const outboxTo = (address: string) =>
    app.db.select().from(schema.outbox).where(eq(schema.outbox.to, address));

  it("takes the customer's personal data out of their account, the audit trail and the outbox, and keeps their orders", async () => {
    const casey = await createUser(app.db, {
      name: 'Casey Customer',
      email: 'casey@example.com',
      picture: 'https://example.com/casey.png',
    });
    const caseyCookie = await signInAs(app, casey);
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/users/${casey.id}`,
      headers: { cookie: admin },
      payload: { phone: '719-555-0142', address: ADDRESS },
    });
    expect(patched.statusCode).toBe(200);
    const order = await createOrder(app.db, {
      userId: casey.id,
      lines: [{ product, size: 'Large', quantity: 1 }],
      status: 'delivered',
    });
    await enqueueEmail(app.db, 'sent-one', { to: 'casey@example.com', ...EMAIL });
    const [sent] = await outboxTo('casey@example.com');
    await markEmailSent(app.db, sent!.id, new Date());
    await enqueueEmail(app.db, 'unsent-one', { to: 'Casey@Example.com', ...EMAIL });

    const result = await eraseUserByEmail(app.db, 'CASEY@example.com');
    expect(result).toMatchObject({ erased: { id: casey.id } });

    // Signed out at once.
    expect((await get('/api/users/me', caseyCookie)).json()).toBeNull();
    // And a session a sign-in under way makes just after the erase signs no one in as the account.
    expect((await get('/api/users/me', await signInAs(app, casey))).json()).toBeNull();
    // Staff see a nameless account that still holds its order.
    const detail = (await get(`/api/users/${casey.id}`, admin)).json<UserDetail>();
    expect(detail).toMatchObject({
      name: 'Deleted customer',
      email: '',
      phone: null,
      address: null,
      picture: '',
      orders: [{ _id: order.id, status: 'delivered' }],
    });
    // The audit trail still says who changed the account and when, not what it held.
    const trail = (await get(`/api/audit?entity=user&entityId=${casey.id}`, admin)).json<AuditEntry[]>();
    expect(trail.map((entry) => entry.action)).toEqual(['erase personal data', 'update']);
    expect(trail[0]!.tool).toBe('npm run user:erase');
    // Read in the recorded values alone: ids, times and cursors may hold these digits by chance.
    const recorded = JSON.stringify(trail.map((entry) => [entry.before, entry.after]));
    expect(recorded).not.toMatch(/719|Juniper|80202/);
    // The unsent email is gone; the sent one's record no longer says to whom.
    const outbox = await app.db.select().from(schema.outbox);
    expect(outbox.filter((row) => /casey/i.test(row.to))).toEqual([]);
    expect(outbox.find((row) => row.id === sent!.id)).toMatchObject({ to: '' });
    expect(outbox.find((row) => row.dedupeKey === 'unsent-one')).toBeUndefined();
    // An email the order would still send has nobody to go to, so none is queued.
    await queueMismatchRefundedEmail(
      app.db,
      order.id,
      { publicUrl: 'http://localhost', timeZone: 'UTC' },
      { amount: order.total, currency: 'usd' },
    );
    expect(await app.db.select().from(schema.outbox)).toHaveLength(outbox.length);
    // Signing in again with the same identity makes a new account, not the old one back.
    const again = await upsertIdentity(app.db, {
      oidcIssuer: 'dev',
      oidcSubject: 'casey@example.com',
      email: 'casey@example.com',
      emailVerified: true,
      name: 'Casey Customer',
      picture: '',
      accessLevel: undefined,
    });
    expect(again.id).not.toBe(casey.id);
  });

  it('refuses while an order is not yet handed over, and for staff, changing nothing', async () => {
    const robin = await createUser(app.db, { name: 'Robin Waiting', email: 'robin@example.com' });
    await createOrder(app.db, { userId: robin.id, lines: [{ product, size: 'Large', quantity: 1 }] });
    expect(await eraseUserByEmail(app.db, 'robin@example.com')).toMatchObject({ openOrders: 1 });
    const sam = await createUser(app.db, { name: 'Sam Staff', email: 'sam@example.com', accessLevel: 1 });
    expect(await eraseUserByEmail(app.db, 'sam@example.com')).toMatchObject({ staff: { id: sam.id } });
    const [robinNow, samNow] = await Promise.all(
      [robin, sam].map(async (user) => (await get(`/api/users/${user.id}`, admin)).json<UserDetail>()),
    );
    expect(robinNow).toMatchObject({ name: 'Robin Waiting', email: 'robin@example.com' });
    expect(samNow).toMatchObject({ name: 'Sam Staff', email: 'sam@example.com' });
  });

  it("erases one of two accounts with the same email (named by its id) and leaves the other's emails", async () => {
    const old = await createUser(app.db, { name: 'Jo Twice', email: 'jo@example.com' });
    const current = await createUser(app.db, {
      name: 'Jo Twice',
      email: 'jo@example.com',
      oidcIssuer: 'https://accounts.google.com',
    });
    // The account Jo still uses has an order ready, its pickup code waiting in the outbox.
    await enqueueEmail(app.db, 'jo-ready', { to: 'jo@example.com', ...EMAIL });
    expect(await eraseUserByEmail(app.db, 'jo@example.com', old.id)).toMatchObject({
      erased: { id: old.id },
    });
    expect(await outboxTo('jo@example.com')).toMatchObject([{ dedupeKey: 'jo-ready', sentAt: null }]);
    expect((await get(`/api/users/${current.id}`, admin)).json<UserDetail>()).toMatchObject({
      email: 'jo@example.com',
    });
  });
});

// A role given while the erase runs: PGlite runs one query at a time, so only PostgreSQL can show it.
describe.runIf(process.env.TEST_DB === 'postgres')('erasing a customer made staff meanwhile', () => {
  it('reads the role again under the account lock and erases nothing of a staff member', async () => {
    const app = await buildTestApp();
    try {
      const kim = await createUser(app.db, { name: 'Kim Hired', email: 'kim@example.com' });
      let erasing: ReturnType<typeof eraseUserByEmail> | undefined;
      // An admin's promotion, not yet committed when the erase reads the account, then committed.
      await app.db.transaction(async (tx) => {
        await tx.update(schema.users).set({ accessLevel: 1 }).where(eq(schema.users.id, kim.id));
        erasing = eraseUserByEmail(app.db, 'kim@example.com');
        await waitForLockWait(app);
      });
      expect(await erasing).toMatchObject({ staff: { id: kim.id, accessLevel: 1 } });
      const [row] = await app.db.select().from(schema.users).where(eq(schema.users.id, kim.id));
      expect(row).toMatchObject({ name: 'Kim Hired', email: 'kim@example.com', accessLevel: 1 });
    } finally {
      await app.close();
    }
  });
});
