import type { InventoryItem, UserDetail, UserSummary } from '@barbershop/contract';
import { schema } from '@barbershop/db';
import { createProduct, createUser } from '@barbershop/db/factories';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createOrder } from '../../test/orders.ts';
import { signInAs } from '../../test/sessions.ts';

describe('users API', () => {
  let app: TestApp;
  let customer: string;
  let staff: string;
  let admin: string;
  let adminId: string;
  let casey: Awaited<ReturnType<typeof createUser>>;
  let hoodie: Awaited<ReturnType<typeof createProduct>>;

  beforeAll(async () => {
    app = await buildTestApp();
    casey = await createUser(app.db, { name: 'Casey Customer', email: 'casey@example.com' });
    customer = await signInAs(app, casey);
    staff = await signInAs(app, await createUser(app.db, { name: 'Sam Staff', accessLevel: 1 }));
    const alex = await createUser(app.db, { name: 'Alex Admin', accessLevel: 2 });
    adminId = alex.id;
    admin = await signInAs(app, alex);
    hoodie = await createProduct(
      app.db,
      { name: 'Logo Hoodie', category: 'Hoodies' },
      { imageKeys: ['images/abc'] },
    );
    await createOrder(app.db, { userId: casey.id, lines: [{ product: hoodie, size: 'Large', quantity: 2 }] });
  });
  afterAll(() => app.close());

  const get = (url: string, cookie?: string) => app.inject({ url, headers: cookie ? { cookie } : {} });
  const patch = (url: string, cookie: string, payload: unknown) =>
    app.inject({ method: 'PATCH', url, headers: { cookie }, payload: payload as object });

  describe('GET /api/users/me', () => {
    it('is null when signed out and the current user when signed in', async () => {
      expect((await get('/api/users/me')).json()).toBeNull();
      expect((await get('/api/users/me', customer)).json()).toEqual({
        gid: casey.id,
        name: 'Casey Customer',
        email: 'casey@example.com',
        picture: '',
        accessLevel: 0,
      });
    });
  });

  describe('GET /api/users/me/items', () => {
    it("lists the signed-in user's items with their product, and nobody else's", async () => {
      const response = await get('/api/users/me/items', customer);
      expect(response.statusCode).toBe(200);
      const items = response.json<InventoryItem[]>();
      expect(items).toHaveLength(2);
      expect(items[0]).toMatchObject({
        size: 'Large',
        status: 'printing',
        product: { _id: hoodie.id, name: 'Logo Hoodie', slug: 'logo-hoodie', image: { alt: 'Logo Hoodie' } },
      });
      expect(items[0]!.product.image.src).toBe('/media/images/abc-640.webp');
      expect((await get('/api/users/me/items', staff)).json()).toEqual([]);
    });

    it('is 401 when signed out', async () => {
      expect((await get('/api/users/me/items')).statusCode).toBe(401);
    });
  });

  describe('GET /api/users/checkAdmin', () => {
    it('lets staff and admins through and refuses the rest', async () => {
      expect((await get('/api/users/checkAdmin')).statusCode).toBe(401);
      expect((await get('/api/users/checkAdmin', customer)).statusCode).toBe(403);
      expect((await get('/api/users/checkAdmin', staff)).statusCode).toBe(200);
      expect((await get('/api/users/checkAdmin', admin)).json()).toMatchObject({
        name: 'Alex Admin',
        accessLevel: 2,
      });
    });
  });

  describe('GET /api/users', () => {
    /** The list two users at a time, each page after the last user of the one before. */
    const pages = async (query: string) => {
      const shown: UserSummary[][] = [];
      // Bounded: a list that ignored the page would come back whole every time.
      for (let after = ''; shown.length < 10; ) {
        const page = (await get(`/api/users?${query}&limit=2${after}`, staff)).json<UserSummary[]>();
        shown.push(page);
        if (page.length < 2) break;
        after = `&after=${page.at(-1)!.gid}`;
      }
      return shown;
    };
    const names = (shown: UserSummary[][]) => shown.flat().map((user) => user.name);

    it('lists every user with contact details and items, for staff', async () => {
      const response = await get('/api/users', staff);
      expect(response.statusCode).toBe(200);
      const users = response.json<UserSummary[]>();
      const row = users.find((user) => user.gid === casey.id);
      expect(row).toMatchObject({
        name: 'Casey Customer',
        email: 'casey@example.com',
        phone: null,
        address: null,
      });
      expect(row?.items).toHaveLength(2);
      expect(users.map((user) => user.name)).toEqual(expect.arrayContaining(['Sam Staff', 'Alex Admin']));
    });

    it('returns a stored address structured, and searches id, name, email, printed address and phone, any case', async () => {
      const address = {
        line1: '7 Forest Lane',
        line2: 'Flat 2',
        city: 'Nottingham',
        state: 'NT',
        postal_code: '80202',
        country: 'GB',
      };
      const robin = await createUser(app.db, {
        name: 'Robin Hood',
        email: 'robin@sherwood.example',
        phone: '(719) 555-0177',
        address,
      });
      const listed = (await get('/api/users', staff)).json<UserSummary[]>().find((u) => u.gid === robin.id);
      expect(listed?.address).toEqual(address);
      expect((await get(`/api/users/${robin.id}`, staff)).json<UserDetail>().address).toEqual(address);

      const found = async (q: string) =>
        (await get(`/api/users?q=${encodeURIComponent(q)}`, staff)).json<UserSummary[]>().map((u) => u.gid);
      for (const q of [
        'robin HOOD',
        'SHERWOOD.example',
        'forest lane',
        // Across fields, as formatAddress prints them: "7 Forest Lane, Flat 2, Nottingham, NT 80202".
        'flat 2, nottingham, nt 8020',
        '555-0177',
        '7195550177',
        robin.id.slice(0, 8),
      ]) {
        expect(await found(q), q).toEqual([robin.id]);
      }
      expect(await found('%')).toEqual([]);
    });

    it('finds a name with or without its accents, as a caller spells it on the phone', async () => {
      const jose = await createUser(app.db, { name: 'José Núñez', email: 'jnunez@example.com' });
      const zoe = await createUser(app.db, { name: 'Zoe Lefevre', email: 'zlefevre@example.com' });
      const found = async (q: string) =>
        (await get(`/api/users?q=${encodeURIComponent(q)}`, staff)).json<UserSummary[]>().map((u) => u.gid);
      for (const q of ['jose nunez', 'NUNEZ', 'José Núñez']) expect(await found(q), q).toEqual([jose.id]);
      expect(await found('Zoë Lefèvre')).toEqual([zoe.id]);
    });

    it('answers a page at a time by name, the next after the last user shown, searched or not', async () => {
      for (const name of ['Pat Page', 'Ann Page', 'Pat Page', 'Zoe Page', 'Bo Page']) {
        await createUser(app.db, { name });
      }
      const searched = await pages('q=page');
      expect(searched.map((page) => page.length)).toEqual([2, 2, 1]);
      expect(names(searched)).toEqual(['Ann Page', 'Bo Page', 'Pat Page', 'Pat Page', 'Zoe Page']);
      const every = await pages('q=');
      expect(every.every((page) => page.length <= 2)).toBe(true);
      expect(names(every)).toEqual(names(every).toSorted());
      expect(names(every)).toEqual(
        expect.arrayContaining([...names(searched), 'Casey Customer', 'Sam Staff']),
      );
      expect(new Set(every.flat().map((user) => user.gid)).size).toBe(every.flat().length);
      const [first] = (await get('/api/users?q=casey&limit=1', staff)).json<UserSummary[]>();
      expect(first?.items).toHaveLength(2);
    });

    it('orders names as a reader looks them up: accented and lower-case initials among the rest, not after Z', async () => {
      // As sign-in providers send them: some lower case, some with an accent on the first letter.
      for (const name of [
        'Zed Sortcheck',
        'Émile Sortcheck',
        'alice sortcheck',
        'Eve Sortcheck',
        'Ángel Sortcheck',
      ]) {
        await createUser(app.db, { name });
      }
      await createUser(app.db, { name: 'Bob Sortcheck' });
      const inOrder = [
        'alice sortcheck',
        'Ángel Sortcheck',
        'Bob Sortcheck',
        'Émile Sortcheck',
        'Eve Sortcheck',
        'Zed Sortcheck',
      ];
      expect(names(await pages('q=sortcheck'))).toEqual(inOrder);
      expect(names(await pages('q=')).filter((name) => /sortcheck/i.test(name))).toEqual(inOrder);
    });

    it('is refused to customers (403) and the signed out (401)', async () => {
      expect((await get('/api/users', customer)).statusCode).toBe(403);
      expect((await get('/api/users')).statusCode).toBe(401);
    });
  });

  describe('GET /api/users/:gid', () => {
    it('shows staff a user with their orders and items', async () => {
      const response = await get(`/api/users/${casey.id}`, staff);
      expect(response.statusCode).toBe(200);
      const detail = response.json<UserDetail>();
      expect(detail).toMatchObject({ gid: casey.id, name: 'Casey Customer' });
      expect(detail.orders).toEqual([
        {
          _id: expect.any(String),
          total: 2 * hoodie.priceCents,
          date: expect.any(String),
          status: 'processing',
        },
      ]);
      expect(detail.items).toHaveLength(2);
    });

    it("says whether the sign-in provider vouched for the email: of two accounts with one address, which is its owner's", async () => {
      const owner = await createUser(app.db, { email: 'twin@example.com', emailVerified: true });
      const other = await createUser(app.db, {
        email: 'twin@example.com',
        oidcIssuer: 'https://lax.example',
        emailVerified: false,
      });
      const before = await createUser(app.db, {
        email: 'twin@example.com',
        oidcIssuer: 'https://older.example',
        emailVerified: null,
      });
      const verified = async (id: string) =>
        (await get(`/api/users/${id}`, staff)).json<UserDetail>().emailVerified;
      expect([await verified(owner.id), await verified(other.id), await verified(before.id)]).toEqual([
        true,
        false,
        null,
      ]);
    });

    it('names the other accounts with the email, any case: a customer who signed in another way has two', async () => {
      const first = await createUser(app.db, { name: 'Kim Lost', email: 'kim.lost@example.com' });
      const again = await createUser(app.db, {
        name: 'Kim Again',
        email: 'Kim.Lost@example.com',
        oidcIssuer: 'https://other.example',
      });
      const alone = await createUser(app.db, { name: 'Kim Alone', email: 'kim.alone@example.com' });
      const sameEmail = async (id: string) =>
        (await get(`/api/users/${id}`, staff)).json<UserDetail>().sameEmail;
      expect(await sameEmail(first.id)).toEqual([
        { gid: again.id, name: 'Kim Again', createdAt: again.createdAt.toISOString() },
      ]);
      expect(await sameEmail(again.id)).toEqual([
        { gid: first.id, name: 'Kim Lost', createdAt: first.createdAt.toISOString() },
      ]);
      expect(await sameEmail(alone.id)).toEqual([]);
    });

    it('is the same 404 for an unknown user and for an id that is not one', async () => {
      for (const gid of ['00000000-0000-4000-8000-000000000000', 'nope']) {
        const unknown = await get(`/api/users/${gid}`, staff);
        expect(unknown.statusCode).toBe(404);
        expect(unknown.json()).toEqual({ error: { code: 'not_found', message: 'No such user.' } });
      }
    });
  });

  describe('PATCH /api/users/:gid', () => {
    it('lets an admin change role, phone and address; empty text or a null address clears a field', async () => {
      const user = await createUser(app.db);
      const changed = await patch(`/api/users/${user.id}`, admin, {
        accessLevel: 1,
        phone: ' (719) 555-0199 ',
        address: {
          line1: ' 1 Main St ',
          city: 'Colorado Springs',
          state: 'CO',
          postal_code: '80903',
          country: 'US',
        },
      });
      expect(changed.statusCode).toBe(200);
      const address = {
        line1: '1 Main St',
        line2: '',
        city: 'Colorado Springs',
        state: 'CO',
        postal_code: '80903',
        country: 'US',
      };
      expect(changed.json()).toMatchObject({ accessLevel: 1, phone: '(719) 555-0199', address });
      const cleared = await patch(`/api/users/${user.id}`, admin, { phone: '' });
      expect(cleared.json()).toMatchObject({ phone: null, address });
      const noAddress = await patch(`/api/users/${user.id}`, admin, { address: null });
      expect(noAddress.json()).toMatchObject({ address: null });
    });

    it('refuses staff and customers', async () => {
      const user = await createUser(app.db);
      expect((await patch(`/api/users/${user.id}`, staff, { accessLevel: 2 })).statusCode).toBe(403);
      expect((await patch(`/api/users/${user.id}`, customer, { accessLevel: 2 })).statusCode).toBe(403);
      const [row] = await app.db.select().from(schema.users).where(eq(schema.users.id, user.id));
      expect(row?.accessLevel).toBe(0);
    });

    it('refuses an address without a city, naming the field', async () => {
      const user = await createUser(app.db);
      const response = await patch(`/api/users/${user.id}`, admin, {
        address: { line1: '1 Main St', state: 'CO', postal_code: '80903', country: 'US' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe('body.address.city: City is required');
    });

    it('refuses a phone that is not a 10-digit number, and keeps the one on file', async () => {
      const user = await createUser(app.db, { phone: '7195550100' });
      for (const phone of ['abc', '12', '719 555 01999', '+44 20 7946 0958']) {
        const response = await patch(`/api/users/${user.id}`, admin, { phone });
        expect(response.statusCode, phone).toBe(400);
        expect(response.json().error.message).toBe(
          'body.phone: Phone must be a 10-digit US number, like (719) 555-0123',
        );
      }
      const [row] = await app.db.select().from(schema.users).where(eq(schema.users.id, user.id));
      expect(row?.phone).toBe('7195550100');
      const longDistance = await patch(`/api/users/${user.id}`, admin, { phone: '1-719-555-0111' });
      expect(longDistance.statusCode).toBe(200);
    });

    it.each([
      [{ accessLevel: 5 }, 'body.accessLevel'],
      [{ role: 'admin' }, 'body'],
      [{}, 'body'],
    ])('refuses %j with 400 naming the field', async (payload, field) => {
      const user = await createUser(app.db);
      const response = await patch(`/api/users/${user.id}`, admin, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toMatch(new RegExp(`^${field.replace('.', '\\.')}`));
    });

    it('is 404 for an unknown user or an id that is not one', async () => {
      const phone = '7195550100';
      const response = await patch('/api/users/00000000-0000-4000-8000-000000000000', admin, { phone });
      expect(response.statusCode).toBe(404);
      expect((await patch('/api/users/nope', admin, { phone })).statusCode).toBe(404);
    });

    it('records a role change in the audit trail with who, before and after; a refused one records nothing', async () => {
      const user = await createUser(app.db);
      const audit = () => app.db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, user.id));
      await patch(`/api/users/${user.id}`, admin, { accessLevel: 1 });
      const [row] = await audit();
      expect(row).toMatchObject({
        entity: 'user',
        action: 'role',
        before: { accessLevel: 0 },
        after: { accessLevel: 1 },
      });
      expect(row!.actorUserId).toBe(adminId);
      expect((await patch(`/api/users/${user.id}`, staff, { accessLevel: 2 })).statusCode).toBe(403);
      expect((await patch(`/api/users/${user.id}`, admin, { accessLevel: 7 })).statusCode).toBe(400);
      expect(await audit()).toHaveLength(1);
    });
  });
});

describe('the last admin', () => {
  it('cannot remove their own admin role (409), but can once there is another admin', async () => {
    const app = await buildTestApp();
    try {
      const only = await createUser(app.db, { accessLevel: 2 });
      const cookie = await signInAs(app, only);
      const refused = await app.inject({
        method: 'PATCH',
        url: `/api/users/${only.id}`,
        headers: { cookie },
        payload: { accessLevel: 0 },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        error: { code: 'conflict', message: 'This is the last admin: make someone else an admin first.' },
      });
      expect((await app.inject({ url: '/api/users/me', headers: { cookie } })).json()).toMatchObject({
        accessLevel: 2,
      });

      const other = await createUser(app.db);
      await app.inject({
        method: 'PATCH',
        url: `/api/users/${other.id}`,
        headers: { cookie },
        payload: { accessLevel: 2 },
      });
      const allowed = await app.inject({
        method: 'PATCH',
        url: `/api/users/${only.id}`,
        headers: { cookie },
        payload: { accessLevel: 1 },
      });
      expect(allowed.statusCode).toBe(200);
      expect(allowed.json()).toMatchObject({ accessLevel: 1 });
    } finally {
      await app.close();
    }
  });
});

describe('an admin listed in ADMIN_EMAILS', () => {
  it('cannot be demoted in the dashboard (409 saying why), as the next sign-in would make them admin again', async () => {
    const app = await buildTestApp({ ADMIN_EMAILS: 'owner@example.com' });
    try {
      const owner = await createUser(app.db, { email: 'owner@example.com', accessLevel: 2 });
      const other = await createUser(app.db, { accessLevel: 2 });
      const cookie = await signInAs(app, other);
      const patch = (payload: object) =>
        app.inject({ method: 'PATCH', url: `/api/users/${owner.id}`, headers: { cookie }, payload });
      const refused = await patch({ accessLevel: 1 });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        error: {
          code: 'conflict',
          message:
            "This address is in the server's ADMIN_EMAILS setting, which makes it an admin at sign-in: remove it there first.",
        },
      });
      const changed = await patch({ phone: '719-555-0100' });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toMatchObject({ accessLevel: 2, phone: '719-555-0100' });

      // Anyone not on the list is demoted as before.
      const back = await app.inject({
        method: 'PATCH',
        url: `/api/users/${other.id}`,
        headers: { cookie: await signInAs(app, owner) },
        payload: { accessLevel: 0 },
      });
      expect(back.json()).toMatchObject({ accessLevel: 0 });
    } finally {
      await app.close();
    }
  });
});

// Two admins demoting themselves at the same moment: one must stay. PGlite runs one query at a time,
// so only PostgreSQL can show the race.
describe.runIf(process.env.TEST_DB === 'postgres')('the last admin, under concurrent demotions', () => {
  it('keeps exactly one admin when the only two demote themselves at once', async () => {
    const app = await buildTestApp();
    try {
      const admins = await Promise.all([
        createUser(app.db, { accessLevel: 2 }),
        createUser(app.db, { accessLevel: 2 }),
      ]);
      const cookies = await Promise.all(admins.map((user) => signInAs(app, user)));
      for (let round = 0; round < 5; round++) {
        const answers = await Promise.all(
          admins.map((user, i) =>
            app.inject({
              method: 'PATCH',
              url: `/api/users/${user.id}`,
              headers: { cookie: cookies[i]! },
              payload: { accessLevel: 1 },
            }),
          ),
        );
        expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
        const rows = await app.db.select().from(schema.users).where(eq(schema.users.accessLevel, 2));
        expect(rows).toHaveLength(1);
        const roles = await app.db.select().from(schema.auditLog).where(eq(schema.auditLog.entity, 'user'));
        expect(roles).toHaveLength(2 * round + 1);
        // The one demoted gets the role back from the one left, for the next round.
        const demoted = admins.find((user) => user.id !== rows[0]!.id)!;
        const restorer = admins.findIndex((user) => user.id === rows[0]!.id);
        await app.inject({
          method: 'PATCH',
          url: `/api/users/${demoted.id}`,
          headers: { cookie: cookies[restorer]! },
          payload: { accessLevel: 2 },
        });
      }
    } finally {
      await app.close();
    }
  });
});
