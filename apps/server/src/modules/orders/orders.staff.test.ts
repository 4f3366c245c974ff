import type { OrderView, StaffOrderRow } from '@barbershop/contract';
import { minuteIn } from '@barbershop/contract/format';
import { schema } from '@barbershop/db';
import { createProduct, createUser } from '@barbershop/db/factories';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { turnsDuring } from '../../test/event-loop.ts';
import { createOrder, failRefund, refundOrder } from '../../test/orders.ts';
import { signInAs } from '../../test/sessions.ts';
import { createShop } from '../../test/shop.ts';
import { markEmailSent } from '../mail/outbox.repository.ts';

describe('staff orders API', () => {
  let app: TestApp;
  let customer: string;
  let staff: string;
  let caseyId: string;
  let staffId: string;
  let product: Awaited<ReturnType<typeof createProduct>>;

  beforeAll(async () => {
    app = await buildTestApp({ SHOP_TIME_ZONE: 'America/Denver' });
    await createShop(app.db);
    const casey = await createUser(app.db, { name: 'Casey Customer', email: 'casey@example.com' });
    caseyId = casey.id;
    customer = await signInAs(app, casey);
    const sam = await createUser(app.db, { name: 'Sam Staff', accessLevel: 1 });
    staffId = sam.id;
    staff = await signInAs(app, sam);
    product = await createProduct(app.db, { name: 'Logo Tee', priceCents: 2500 }, { stock: { Large: 500 } });
  });
  afterAll(() => app.close());

  const get = (url: string, cookie?: string) => app.inject({ url, headers: cookie ? { cookie } : {} });
  const put = (id: string, payload: object, cookie = staff) =>
    app.inject({ method: 'PUT', url: `/api/orders/${id}`, headers: { cookie }, payload });
  const order = (status: 'processing' | 'ready' | 'delivered' | 'pending' = 'processing', userId = caseyId) =>
    createOrder(app.db, { userId, lines: [{ product, size: 'Large', quantity: 1 }], status });
  const auditOf = (id: string) =>
    app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, 'order'), eq(schema.auditLog.entityId, id)));
  const statusOf = async (id: string) =>
    (await app.db.select().from(schema.orders).where(eq(schema.orders.id, id)))[0]!.status;
  const readyEmails = (id: string) =>
    app.db
      .select()
      .from(schema.outbox)
      .then((rows) => rows.filter((row) => row.dedupeKey.startsWith(`order-ready:${id}`)));
  const codeOf = async (id: string) =>
    (await get(`/api/orders/${id}`, customer)).json<OrderView>().pickupCode?.code;
  const toDelivery = (id: string) =>
    app.db.update(schema.orders).set({ deliveryMethod: 'delivery' }).where(eq(schema.orders.id, id));

  describe('GET /api/orders?scope=all', () => {
    it('pages through every order newest first with keyset cursors, never repeating or skipping one', async () => {
      const other = await createUser(app.db, { name: 'Robin Reader' });
      for (let i = 0; i < 5; i++) await order('processing', other.id);
      const all = (await get('/api/orders?scope=all&limit=200', staff)).json<StaffOrderRow[]>();
      const seen: string[] = [];
      let after = '';
      for (;;) {
        const response = await get(`/api/orders?scope=all&limit=2${after ? `&after=${after}` : ''}`, staff);
        expect(response.statusCode).toBe(200);
        const page = response.json<StaffOrderRow[]>();
        seen.push(...page.map((row) => row._id));
        if (page.length < 2) break;
        after = page.at(-1)!.cursor;
      }
      expect(seen).toEqual(all.map((row) => row._id));
      expect(new Set(seen).size).toBe(seen.length);
      expect(all.map((row) => row.date)).toEqual([...all.map((row) => row.date)].sort().reverse());
      expect(all.find((row) => row.customer.gid === other.id)).toMatchObject({
        customer: { name: 'Robin Reader' },
        deliveryMethod: 'pickup',
        total: 2500,
      });
    });

    it('filters by status and searches by order id or customer name and email, any case', async () => {
      const ready = await order('ready');
      const byStatus = (await get('/api/orders?scope=all&status=ready&limit=200', staff)).json<
        StaffOrderRow[]
      >();
      expect(byStatus.length).toBeGreaterThan(0);
      expect(byStatus.every((row) => row.status === 'ready')).toBe(true);
      const byId = (await get(`/api/orders?scope=all&q=${ready.id.slice(0, 8).toUpperCase()}`, staff)).json();
      expect(byId.map((row: StaffOrderRow) => row._id)).toContain(ready.id);
      const byName = (await get('/api/orders?scope=all&q=robin%20READ', staff)).json<StaffOrderRow[]>();
      expect(byName.length).toBe(5);
      const byEmail = (await get('/api/orders?scope=all&q=CASEY@example', staff)).json<StaffOrderRow[]>();
      expect(byEmail.every((row) => row.customer.email === 'casey@example.com')).toBe(true);
      expect((await get('/api/orders?scope=all&q=%25', staff)).json()).toEqual([]);
    });

    it('finds a customer by name or email with or without their accents, as a caller spells it', async () => {
      const jose = await createUser(app.db, { name: 'José Núñez', email: 'josé.núñez@example.com' });
      const zoe = await createUser(app.db, { name: 'Zoe Lefevre', email: 'zoe.lefevre@example.com' });
      const made = { jose: await order('ready', jose.id), zoe: await order('ready', zoe.id) };
      const found = async (q: string) =>
        (await get(`/api/orders?scope=all&q=${encodeURIComponent(q)}`, staff))
          .json<StaffOrderRow[]>()
          .map((row) => row._id);
      for (const q of ['jose nunez', 'JOSÉ NÚÑEZ', 'José', 'jose.nunez@']) {
        expect(await found(q), q).toEqual([made.jose.id]);
      }
      // Typed with the accents the provider's name lacks.
      expect(await found('Zoë Lefèvre')).toEqual([made.zoe.id]);
    });

    it('refuses customers (403) and a cursor it did not hand out (400 naming after)', async () => {
      expect((await get('/api/orders?scope=all', customer)).statusCode).toBe(403);
      const bad = await get('/api/orders?scope=all&after=bm9wZQ', staff);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toMatch(/^querystring\.after/);
      // The right shape naming no moment: PostgreSQL would fail on it (a 500) if it got that far.
      const noMoment = Buffer.from('2026-13-45 99:99:99+00|410036d6-537b-4a27-aa3d-8289fa4c3c6b').toString(
        'base64url',
      );
      expect((await get(`/api/orders?scope=all&after=${noMoment}`, staff)).statusCode).toBe(400);
      // Without scope everyone still gets only their own orders.
      const own = (await get('/api/orders', staff)).json();
      expect(own).toEqual([]);
    });
  });

  describe('GET /api/orders/export.csv', () => {
    it('exports what the filter shows as CSV, refunds included, spreadsheet formulas defused', async () => {
      const mallory = await createUser(app.db, { name: '=HYPERLINK("http://x")', email: 'm@example.com' });
      const theirs = await order('processing', mallory.id);
      await refundOrder(app.db, theirs, 1000);
      const response = await get('/api/orders/export.csv?q=m%40example.com', staff);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(response.headers['cache-control']).toBe('private, no-store');
      const lines = response.body.trimEnd().split('\r\n');
      // Dates on the shop's clock, as the pages show them, to the minute; the byte order mark that
      // makes Excel read the names as UTF-8 first.
      expect(lines[0]).toBe(
        '\uFEFFDate (America/Denver),Order Id,Customer,Email,Delivery,Status,Subtotal,Sales Tax,Shipping,Total,Refunded,Paid Back,Charged Back',
      );
      expect(lines.slice(1)).toEqual([
        `${minuteIn(theirs.createdAt, 'America/Denver')},${theirs.id},"'=HYPERLINK(""http://x"")",m@example.com,pickup,processing,25.00,0.00,0.00,25.00,10.00,0.00,0.00`,
      ]);
      const every = (await get('/api/orders/export.csv', staff)).body.trimEnd().split('\r\n');
      const listed = (await get('/api/orders?scope=all&limit=200', staff)).json<StaffOrderRow[]>();
      expect(every.slice(1).map((line) => line.split(',')[1])).toEqual(listed.map((row) => row._id));
    });

    it('is for staff only', async () => {
      expect((await get('/api/orders/export.csv', customer)).statusCode).toBe(403);
      expect((await get('/api/orders/export.csv')).statusCode).toBe(401);
    });

    it('lets the server answer others while a long export streams', async () => {
      // Three batches' worth, in groups sharing their time to the microsecond as a busy day's might.
      const buyer = await createUser(app.db, { name: 'Lee Long', email: 'long-export@example.com' });
      await app.db.execute(sql`
        insert into orders (user_id, status, subtotal, total, payment_provider, payment_id, created_at)
        select ${buyer.id}, 'delivered', 2500, 2500, 'demo', 'long-export-' || g,
          timestamptz '2026-01-01 12:00:00.123456+00' - (g / 25) * interval '1 hour'
        from generate_series(1, 1201) g`);
      // The embedded database answers without I/O: an export that never gives the event loop a turn
      // holds every other request (health checks too) until its last row. Others get a turn between
      // each two of its three batches.
      const { result: response, turns } = await turnsDuring(() =>
        get('/api/orders/export.csv?q=long-export%40example.com', staff),
      );
      const lines = response.body.trimEnd().split('\r\n').slice(1);
      expect(turns).toBeGreaterThanOrEqual(2);
      expect(new Set(lines.map((line) => line.split(',')[1])).size).toBe(1201);
    });
  });

  describe('PUT /api/orders/:id', () => {
    it.each([
      ['pickup', 'processing', 'ready', 200],
      ['pickup', 'processing', 'shipped', 409],
      ['pickup', 'processing', 'delivered', 409],
      ['pickup', 'ready', 'processing', 200],
      ['delivery', 'processing', 'shipped', 200],
      ['delivery', 'processing', 'ready', 409],
      ['delivery', 'shipped', 'delivered', 200],
      ['delivery', 'shipped', 'ready', 409],
      ['pickup', 'delivered', 'processing', 409],
      ['pickup', 'pending', 'processing', 409],
    ] as const)('%s: %s -> %s answers %i', async (method, from, to, status) => {
      const made = await order(from === 'shipped' ? 'processing' : from);
      if (method === 'delivery') await toDelivery(made.id);
      if (from === 'shipped') expect((await put(made.id, { status: 'shipped' })).statusCode).toBe(200);
      const response = await put(made.id, { status: to, log: `Order status updated from ${from} to ${to}` });
      expect(response.statusCode).toBe(status);
      expect(await statusOf(made.id)).toBe(status === 200 ? to : from);
      if (status === 200) {
        const body = response.json<OrderView>();
        expect(body.status).toBe(to);
        expect(body.log.at(-1)).toMatchObject({
          message: `Order status updated from ${from} to ${to}`,
          actor: 'Sam Staff',
        });
      }
    });

    it('refuses a log line written for another current status (409, stale page) and changes nothing', async () => {
      const made = await order('processing');
      const response = await put(made.id, {
        status: 'ready',
        log: 'Order status updated from ready to ready',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe(
        'This order is processing now: reload it to see the latest.',
      );
      expect(await statusOf(made.id)).toBe('processing');
    });

    it('records each change in the audit trail with who, before and after; a refused change records nothing', async () => {
      const made = await order('processing');
      await put(made.id, { status: 'shipped' });
      expect(await auditOf(made.id)).toEqual([]);
      await put(made.id, { status: 'ready' });
      const rows = await auditOf(made.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        actorUserId: staffId,
        action: 'status',
        before: { status: 'processing' },
        after: { status: 'ready' },
      });
    });

    it('is 404 for a missing order or an id that is not one, 400 naming a bad status, staff only', async () => {
      expect((await put('00000000-0000-4000-8000-000000000000', { status: 'ready' })).statusCode).toBe(404);
      expect((await put(':id', { status: 'ready' })).statusCode).toBe(404);
      const made = await order('processing');
      const bad = await put(made.id, { status: 'lost' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toMatch(/^body\.status/);
      expect((await put(made.id, { status: 'ready' }, customer)).statusCode).toBe(403);
      expect(await statusOf(made.id)).toBe('processing');
    });
  });

  describe('pickup handover', () => {
    it('ready issues a code: the customer sees it and gets it by email; staff see only its state', async () => {
      const made = await order('processing');
      const ready = (await put(made.id, { status: 'ready' })).json<OrderView>();
      expect(ready.pickupCode).toBeNull();
      expect(ready.pickupCodeState).toMatchObject({ wrongTries: 0, locked: false, used: false });
      const mine = (await get(`/api/orders/${made.id}`, customer)).json<OrderView>();
      expect(mine.pickupCode?.code).toMatch(/^\d{6}$/);
      expect(mine.pickupCode?.handoverUrl).toBe(
        `http://localhost:3000/dashboard/orders/${made.id}?code=${mine.pickupCode?.code}`,
      );
      expect(mine.pickupCodeState).toBeNull();
      const [email] = await readyEmails(made.id);
      expect(email).toMatchObject({ to: 'casey@example.com', subject: `Ready for pickup: ${made.id}` });
      expect(email!.text).toContain(`Your pickup code: ${mine.pickupCode!.code}`);
      expect(email!.html).toContain(mine.pickupCode!.code);
      expect(email!.html).toContain('<html lang="en" dir="ltr">');
      const [kept] = await app.db
        .select()
        .from(schema.pickupCodes)
        .where(eq(schema.pickupCodes.orderId, made.id));
      expect(JSON.stringify(kept)).not.toContain(mine.pickupCode!.code);
    });

    it('back to processing voids the code: its email is taken back, or, once it may be out, followed by word to wait', async () => {
      const notReady = (id: string) =>
        app.db
          .select()
          .from(schema.outbox)
          .then((rows) => rows.filter((row) => row.dedupeKey.startsWith(`order-not-ready:${id}`)));

      // A slip undone before the mail worker took the ready email: the customer never hears of it.
      const slip = await order('processing');
      await put(slip.id, { status: 'ready' });
      expect((await put(slip.id, { status: 'processing' })).statusCode).toBe(200);
      expect(await codeOf(slip.id)).toBeUndefined();
      expect(await readyEmails(slip.id)).toEqual([]);
      expect(await notReady(slip.id)).toEqual([]);

      // Taken back after the ready email went out: the code it carried is void, and the customer is told.
      const made = await order('processing');
      await put(made.id, { status: 'ready' });
      const code = (await codeOf(made.id))!;
      const [sent] = await readyEmails(made.id);
      await markEmailSent(app.db, sent!.id, new Date());
      expect((await put(made.id, { status: 'processing' })).statusCode).toBe(200);
      expect(await codeOf(made.id)).toBeUndefined();
      const waits = await notReady(made.id);
      expect(waits).toHaveLength(1);
      expect(waits[0]).toMatchObject({
        to: 'casey@example.com',
        subject: `Not ready for pickup yet: ${made.id}`,
      });
      expect(waits[0]!.text).toContain('the pickup code we sent no longer works');
      expect(waits[0]!.text).not.toContain(code);
      // Ready again: a new code, by email, and the old one does not hand the order over.
      await put(made.id, { status: 'ready' });
      expect(await readyEmails(made.id)).toHaveLength(2);
      const second = (await codeOf(made.id))!;
      if (second !== code)
        expect((await put(made.id, { status: 'delivered', pickupCode: code })).statusCode).toBe(400);
      expect((await put(made.id, { status: 'delivered', pickupCode: second })).statusCode).toBe(200);
    });

    it('a wrong code is refused and changes nothing; the right one delivers the order, once', async () => {
      const made = await order('processing');
      await put(made.id, { status: 'ready' });
      const code = (await codeOf(made.id))!;
      const wrong = code === '000000' ? '111111' : '000000';
      const missing = await put(made.id, { status: 'delivered' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.message).toBe(
        'body.pickupCode: The pickup code is required to hand over a pickup order',
      );
      const refused = await put(made.id, { status: 'delivered', pickupCode: wrong });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(
        "body.pickupCode: That is not this order's pickup code (4 tries left)",
      );
      expect(await statusOf(made.id)).toBe('ready');
      expect((await auditOf(made.id)).map((row) => row.after)).toEqual([{ status: 'ready' }]);
      const delivered = await put(made.id, {
        status: 'delivered',
        pickupCode: code,
        log: 'Order status updated from ready to delivered',
      });
      expect(delivered.statusCode).toBe(200);
      expect(delivered.json<OrderView>().status).toBe('delivered');
      expect((await get(`/api/orders/${made.id}`, customer)).json<OrderView>().pickupCode).toBeUndefined();
    });

    it('a code typed as read out (spaces, dashes, O for 0) hands over; a wrong length costs no try', async () => {
      const made = await order('processing');
      await put(made.id, { status: 'ready' });
      const code = (await codeOf(made.id))!;
      const short = await put(made.id, { status: 'delivered', pickupCode: code.slice(1) });
      expect(short.statusCode).toBe(400);
      expect(short.json().error.message).toBe('body.pickupCode: must be the 6 digits of the pickup code');
      expect((await get(`/api/orders/${made.id}`, staff)).json<OrderView>().pickupCodeState).toMatchObject({
        wrongTries: 0,
      });
      const typed = ` ${code.slice(0, 3)} - ${code.slice(3)} `.replaceAll('0', 'O').replaceAll('1', 'l');
      const delivered = await put(made.id, { status: 'delivered', pickupCode: typed });
      expect(delivered.statusCode).toBe(200);
      expect(delivered.json<OrderView>().status).toBe('delivered');
    });

    it('wrong codes sent all at once are counted one by one: five are tried, the rest refused as locked', async () => {
      const made = await order('processing');
      await put(made.id, { status: 'ready' });
      const code = Number(await codeOf(made.id));
      const guesses = Array.from({ length: 20 }, (_, i) =>
        String((code + 1 + i) % 1_000_000).padStart(6, '0'),
      );
      const answers = await Promise.all(
        guesses.map((pickupCode) => put(made.id, { status: 'delivered', pickupCode })),
      );
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([...Array(4).fill(400), ...Array(16).fill(409)]);
      expect((await get(`/api/orders/${made.id}`, staff)).json<OrderView>().pickupCodeState).toMatchObject({
        wrongTries: 5,
        locked: true,
      });
    });

    it('five wrong codes lock it, even against the right one, until staff reissue a new code', async () => {
      const made = await order('processing');
      await put(made.id, { status: 'ready' });
      const first = (await codeOf(made.id))!;
      const [sent] = await readyEmails(made.id);
      await markEmailSent(app.db, sent!.id, new Date());
      const wrong = first === '000000' ? '111111' : '000000';
      const answers = [];
      for (let i = 0; i < 5; i++)
        answers.push((await put(made.id, { status: 'delivered', pickupCode: wrong })).statusCode);
      expect(answers).toEqual([400, 400, 400, 400, 409]);
      const locked = await put(made.id, { status: 'delivered', pickupCode: first });
      expect(locked.statusCode).toBe(409);
      expect(locked.json().error.message).toMatch(/locked after 5 wrong tries/);
      expect(await statusOf(made.id)).toBe('ready');
      expect(await codeOf(made.id)).toBeUndefined();
      expect((await get(`/api/orders/${made.id}`, staff)).json<OrderView>().pickupCodeState).toMatchObject({
        wrongTries: 5,
        locked: true,
      });

      const post = (cookie: string) =>
        app.inject({ method: 'POST', url: `/api/orders/${made.id}/pickup-code`, headers: { cookie } });
      expect((await post(customer)).statusCode).toBe(403);
      const reissued = await post(staff);
      expect(reissued.statusCode).toBe(200);
      expect(reissued.json<OrderView>().pickupCodeState).toMatchObject({ wrongTries: 0, locked: false });
      const second = (await codeOf(made.id))!;
      const emails = await readyEmails(made.id);
      expect(emails).toHaveLength(2);
      const fresh = emails.find((email) => email.sentAt === null)!;
      expect(fresh.subject).toBe(`New pickup code: ${made.id}`);
      expect(fresh.text).toContain(`Your pickup code: ${second}`);
      if (second !== first) {
        expect((await put(made.id, { status: 'delivered', pickupCode: first })).statusCode).toBe(400);
      }
      expect((await put(made.id, { status: 'delivered', pickupCode: second })).statusCode).toBe(200);
      expect((await auditOf(made.id)).map((row) => row.action)).toEqual([
        'status',
        'reissue pickup code',
        'status',
      ]);
    });

    it('a reissued code takes back the ready email not yet picked up, or says that it replaces the code sent', async () => {
      const made = await order('processing');
      await put(made.id, { status: 'ready' });
      const reissue = () =>
        app.inject({ method: 'POST', url: `/api/orders/${made.id}/pickup-code`, headers: { cookie: staff } });
      // Reissued before the mail worker took the first email (the mail server was down, say): the
      // customer gets one email, with the code that works.
      expect((await reissue()).statusCode).toBe(200);
      const second = (await codeOf(made.id))!;
      const emails = await readyEmails(made.id);
      expect(emails).toHaveLength(1);
      expect(emails[0]).toMatchObject({ subject: `Ready for pickup: ${made.id}` });
      expect(emails[0]!.text).toContain(`Your pickup code: ${second}`);
      // Reissued once that email may be out: the new one says the code it carried no longer works.
      await markEmailSent(app.db, emails[0]!.id, new Date());
      expect((await reissue()).statusCode).toBe(200);
      const third = (await codeOf(made.id))!;
      const replacement = (await readyEmails(made.id)).find((email) => email.sentAt === null)!;
      expect(replacement).toMatchObject({ to: 'casey@example.com', subject: `New pickup code: ${made.id}` });
      for (const part of [replacement.text, replacement.html]) {
        expect(part).toContain('This code replaces the one we sent you before, which no longer works.');
        expect(part).toContain(third);
      }
    });

    it('reissues only for a ready pickup order (409), and 404 for no order', async () => {
      const made = await order('processing');
      const post = (id: string) =>
        app.inject({ method: 'POST', url: `/api/orders/${id}/pickup-code`, headers: { cookie: staff } });
      expect((await post(made.id)).statusCode).toBe(409);
      expect((await post('nope')).statusCode).toBe(404);
    });

    it('going back to processing voids the code; ready again issues a new one', async () => {
      const made = await order('processing');
      await put(made.id, { status: 'ready' });
      await put(made.id, { status: 'processing' });
      expect(await codeOf(made.id)).toBeUndefined();
      await put(made.id, { status: 'ready' });
      expect(await codeOf(made.id)).toMatch(/^\d{6}$/);
    });
  });

  describe("GET /api/orders/:id: the order's emails", () => {
    it('shows staff each email of the order and where it stands, never its body; its customer sees none', async () => {
      const made = await order('processing');
      expect((await put(made.id, { status: 'ready' })).statusCode).toBe(200);
      const emailsOf = async (cookie: string) =>
        (await get(`/api/orders/${made.id}`, cookie)).json<OrderView>().emails;
      expect(await emailsOf(staff)).toEqual([
        {
          to: 'casey@example.com',
          subject: `Ready for pickup: ${made.id}`,
          queuedAt: expect.any(String),
          state: 'waiting',
          at: expect.any(String),
          attempts: 0,
        },
      ]);

      // Claimed by the mail worker, its try counted before it is made: still waiting, not failed.
      const [ready] = await readyEmails(made.id);
      const setReady = (values: Partial<typeof schema.outbox.$inferInsert>) =>
        app.db.update(schema.outbox).set(values).where(eq(schema.outbox.id, ready!.id));
      await setReady({ attempts: 1, nextAttemptAt: new Date(Date.now() + 60_000) });
      expect((await emailsOf(staff))![0]).toMatchObject({ state: 'waiting', attempts: 1 });
      // The mail server down: tried again later.
      await setReady({ lastError: 'connect ECONNREFUSED', nextAttemptAt: new Date('2026-11-29T16:45:00Z') });
      expect((await emailsOf(staff))![0]).toMatchObject({
        state: 'retrying',
        at: '2026-11-29T16:45:00.000Z',
        attempts: 1,
      });

      // Sent, then taken back to processing: the word to wait is refused by the mail server.
      await markEmailSent(app.db, ready!.id, new Date('2026-11-29T17:00:00Z'));
      expect((await put(made.id, { status: 'processing' })).statusCode).toBe(200);
      await app.db
        .update(schema.outbox)
        .set({ failedAt: new Date('2026-11-29T17:05:00Z'), attempts: 1, lastError: '550 no such mailbox' })
        .where(eq(schema.outbox.dedupeKey, `order-not-ready:${made.id}:${ready!.dedupeKey.split(':')[2]}`));
      const emails = (await emailsOf(staff))!;
      expect(emails.map(({ subject, state, at, attempts }) => ({ subject, state, at, attempts }))).toEqual([
        {
          subject: `Ready for pickup: ${made.id}`,
          state: 'sent',
          at: '2026-11-29T17:00:00.000Z',
          attempts: 1,
        },
        {
          subject: `Not ready for pickup yet: ${made.id}`,
          state: 'refused',
          at: '2026-11-29T17:05:00.000Z',
          attempts: 1,
        },
      ]);
      expect(JSON.stringify(emails)).not.toMatch(/550|ECONNREFUSED|html|text/);
      expect(await emailsOf(customer)).toBeUndefined();
    });
  });

  describe('POST /api/orders/:id/attention', () => {
    const settle = (id: string, payload: object, cookie = staff) =>
      app.inject({ method: 'POST', url: `/api/orders/${id}/attention`, headers: { cookie }, payload });
    const needing = async () =>
      (await get('/api/orders?scope=all&attention=open&limit=200', staff))
        .json<StaffOrderRow[]>()
        .map((row) => row._id);
    /** A paid order whose $10.00 refund failed: someone must pay the customer back another way. */
    const failedRefund = async () => {
      const made = await order('processing');
      await refundOrder(app.db, made, 1000);
      expect(await failRefund(app.db, made, 1000)).toBe('noted');
      return made;
    };

    it('takes a note typed on two lines as one, its line break counted once as the box counts it', async () => {
      const made = await failedRefund();
      // 300 characters in the box, whose limit counts a line break once; the page's form posts it as
      // CR LF, two.
      const rest = 'x'.repeat(272);
      const settled = await settle(made.id, { note: `Cash at the counter, Nov 28\r\n${rest}` });
      expect(settled.statusCode).toBe(200);
      expect(settled.json<OrderView>().log.at(-1)?.message).toBe(
        `Paid back $10.00 another way: Cash at the counter, Nov 28 ${rest}`,
      );
    });

    it('records how staff paid the customer back, in the log the customer reads and the audit trail, and the order needs nobody after', async () => {
      const made = await failedRefund();
      const before = (await get(`/api/orders/${made.id}`, staff)).json<OrderView>();
      expect(before).toMatchObject({
        needsAttention: true,
        attention: expect.stringMatching(/^Refund of \$10\.00 failed/),
      });
      expect(await needing()).toContain(made.id);
      const listed = (await get(`/api/orders?scope=all&q=${made.id}`, staff)).json<StaffOrderRow[]>();
      expect(listed.map((row) => row.needsAttention)).toEqual([true]);

      expect((await settle(made.id, { note: 'Cash at the counter' }, customer)).statusCode).toBe(403);
      const blank = await settle(made.id, { note: '   ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().error.message).toBe('body.note: Say how the customer was paid back');
      const long = await settle(made.id, { note: 'x'.repeat(301) });
      expect(long.statusCode).toBe(400);
      expect(long.json().error.message).toBe('body.note: The note must be 300 characters or fewer');
      expect((await settle(made.id, { note: 'Cash', status: 'delivered' })).statusCode).toBe(400);
      expect((await get(`/api/orders/${made.id}`, staff)).json<OrderView>().needsAttention).toBe(true);

      const settled = await settle(made.id, { note: '  Cash at the counter, Nov 28  ' });
      expect(settled.statusCode).toBe(200);
      expect(settled.json<OrderView>()).toMatchObject({
        needsAttention: false,
        attention: before.attention,
        status: 'processing',
      });
      expect(settled.json<OrderView>().log.at(-1)).toMatchObject({
        message: 'Paid back $10.00 another way: Cash at the counter, Nov 28',
        actor: 'Sam Staff',
      });
      const own = (await get(`/api/orders/${made.id}`, customer)).json<OrderView>();
      expect(own.log.at(-1)?.message).toBe('Paid back $10.00 another way: Cash at the counter, Nov 28');
      expect(await needing()).not.toContain(made.id);
      expect((await auditOf(made.id)).map((row) => [row.action, row.actorUserId, row.after])).toEqual([
        ['paid back', staffId, { needsAttention: false, paidBack: 'Cash at the counter, Nov 28' }],
      ]);

      // A second member of staff on the page opened before: told it is done, nothing written twice.
      const again = await settle(made.id, { note: 'Bank transfer' });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe(
        'This order needs nothing from staff now: reload it to see the latest.',
      );
      expect(
        (await get(`/api/orders/${made.id}`, staff))
          .json<OrderView>()
          .log.filter((e) => e.message.startsWith('Paid back')),
      ).toHaveLength(1);
    });

    it('needs staff again when another refund of the order fails after they settled the first', async () => {
      const made = await failedRefund();
      expect((await settle(made.id, { note: 'Cash' })).statusCode).toBe(200);
      await refundOrder(app.db, made, 1500);
      expect(await failRefund(app.db, made, 500)).toBe('noted');
      expect((await get(`/api/orders/${made.id}`, staff)).json<OrderView>()).toMatchObject({
        needsAttention: true,
        attention: expect.stringMatching(/^Refund of \$5\.00 failed/),
      });
      expect(await needing()).toContain(made.id);
      // Each settling counts what failed since the last: $10.00, then $5.00.
      expect((await settle(made.id, { note: 'Bank transfer' })).json<OrderView>().log.at(-1)?.message).toBe(
        'Paid back $5.00 another way: Bank transfer',
      );
      const [row] = await app.db.select().from(schema.orders).where(eq(schema.orders.id, made.id));
      expect(row).toMatchObject({ refunded: 1000, paidBack: 1500, attentionSince: null });
    });

    it('refuses an order that needs nobody (409), one that does not exist (404), and exports only those needing staff when asked', async () => {
      const fine = await order('processing');
      expect((await settle(fine.id, { note: 'Cash' })).statusCode).toBe(409);
      expect((await settle('nope', { note: 'Cash' })).statusCode).toBe(404);
      expect((await settle(crypto.randomUUID(), { note: 'Cash' })).statusCode).toBe(404);
      const made = await failedRefund();
      const csv = await get('/api/orders/export.csv?attention=open', staff);
      const ids = csv.body
        .trimEnd()
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(',')[1]);
      expect(ids).toContain(made.id);
      expect(ids).not.toContain(fine.id);
      expect(ids.sort()).toEqual((await needing()).sort());
    });
  });
});
