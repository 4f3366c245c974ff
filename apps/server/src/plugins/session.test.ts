import { schema } from '@barbershop/db';
import { createUser } from '@barbershop/db/factories';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { signInAs } from '../test/sessions.ts';
import { hashSessionToken, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from './session.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('sessions', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  const me = async (cookie: string) =>
    (await app.inject({ url: '/api/users/me', headers: { cookie } })).json() as { gid: string } | null;

  const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);

  const sessionRow = async (cookie: string) => {
    const [row] = await app.db
      .select()
      .from(schema.sessions)
      .where(eq(schema.sessions.id, hashSessionToken(tokenOf(cookie))));
    return row;
  };

  /** Dates a session as if it had started, and last been rolled, at other times. */
  const dateSession = (cookie: string, dates: { createdAt?: Date; expiresAt: Date }) =>
    app.db
      .update(schema.sessions)
      .set(dates)
      .where(eq(schema.sessions.id, hashSessionToken(tokenOf(cookie))));

  it('knows the user of a live session and stores only the hash of its id', async () => {
    const user = await createUser(app.db);
    const cookie = await signInAs(app, user);
    expect(await me(cookie)).toMatchObject({ gid: user.id });
    const row = await sessionRow(cookie);
    expect(row?.userId).toBe(user.id);
    const ids = (await app.db.select({ id: schema.sessions.id }).from(schema.sessions)).map((r) => r.id);
    expect(ids).not.toContain(tokenOf(cookie));
  });

  it('treats a forged or malformed session cookie as signed out', async () => {
    const forged = `session=${Buffer.alloc(32, 7).toString('base64url')}`;
    expect(await me(forged)).toBeNull();
    expect(await me('session=not-even-base64!')).toBeNull();
    const orders = await app.inject({ url: '/api/orders', headers: { cookie: forged } });
    expect(orders.statusCode).toBe(401);
    expect(orders.json()).toEqual({ error: { code: 'unauthorized', message: 'Sign in to continue.' } });
  });

  it('treats an expired session as signed out', async () => {
    const user = await createUser(app.db);
    const cookie = await signInAs(app, user);
    await app.db
      .update(schema.sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.sessions.id, hashSessionToken(tokenOf(cookie))));
    expect(await me(cookie)).toBeNull();
  });

  it('ends a session 90 days after it started, however recently it was used', async () => {
    const user = await createUser(app.db);
    const cookie = await signInAs(app, user);
    await app.db
      .update(schema.sessions)
      .set({
        createdAt: new Date(Date.now() - SESSION_ABSOLUTE_MS - DAY),
        expiresAt: new Date(Date.now() + DAY),
      })
      .where(eq(schema.sessions.id, hashSessionToken(tokenOf(cookie))));
    expect(await me(cookie)).toBeNull();
  });

  it('rolls the 30-day expiry forward when the session is used, up to the 90-day limit', async () => {
    const user = await createUser(app.db);
    const cookie = await signInAs(app, user);
    const id = hashSessionToken(tokenOf(cookie));
    await app.db
      .update(schema.sessions)
      .set({ createdAt: new Date(Date.now() - 10 * DAY), expiresAt: new Date(Date.now() + 5 * DAY) })
      .where(eq(schema.sessions.id, id));
    await me(cookie);
    const rolled = (await sessionRow(cookie))!.expiresAt.getTime();
    expect(Math.abs(rolled - (Date.now() + SESSION_IDLE_MS))).toBeLessThan(60_000);

    const createdAt = new Date(Date.now() - 85 * DAY);
    await dateSession(cookie, { createdAt, expiresAt: new Date(Date.now() + 2 * DAY) });
    await me(cookie);
    expect((await sessionRow(cookie))!.expiresAt.getTime()).toBe(createdAt.getTime() + SESSION_ABSOLUTE_MS);
  });

  it('stops writing once the 90-day limit is the expiry: a session in its last month is not written at every call', async () => {
    const user = await createUser(app.db);
    const cookie = await signInAs(app, user);
    const id = hashSessionToken(tokenOf(cookie));
    // Each write of a row gives it a new version (xmin), even one that sets the same value.
    const version = async () => {
      const [row] = await app.db
        .select({ version: sql<string>`xmin::text` })
        .from(schema.sessions)
        .where(eq(schema.sessions.id, id));
      return row!.version;
    };
    // Last rolled 10 days ago, 65 days into the session: the next use moves the expiry to the limit.
    const createdAt = new Date(Date.now() - 65 * DAY);
    await dateSession(cookie, { createdAt, expiresAt: new Date(Date.now() + 20 * DAY) });
    await me(cookie);
    expect((await sessionRow(cookie))!.expiresAt.getTime()).toBe(createdAt.getTime() + SESSION_ABSOLUTE_MS);
    const atLimit = await version();
    for (let call = 0; call < 3; call++) expect(await me(cookie)).toMatchObject({ gid: user.id });
    expect(await version()).toBe(atLimit);
  });

  it.each(['GET', 'POST'] as const)(
    'signs out with %s /api/auth/logout: 200, cookie cleared, session gone',
    async (method) => {
      const user = await createUser(app.db);
      const cookie = await signInAs(app, user);
      const response = await app.inject({
        method,
        url: '/api/auth/logout',
        headers: { cookie, 'sec-fetch-site': 'same-origin' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ signedOut: true });
      expect(String(response.headers['set-cookie'])).toMatch(/^session=;.*Expires=Thu, 01 Jan 1970/);
      expect(await sessionRow(cookie)).toBeUndefined();
      expect(await me(cookie)).toBeNull();
    },
  );

  it('answers a sign-out without a session with 200 too', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['POST', 'an Origin of another site', { origin: 'https://evil.example' }],
    ['POST', 'Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    // Another subdomain of the site (anyone's, once taken over): the pages call the API same-origin.
    ['POST', 'Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
    ['POST', 'a Referer from another site', { referer: 'https://evil.example/page' }],
    // SPEC.md's GET sign-out: a link or an image on another site must not sign the customer out.
    ['GET', 'Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['GET', 'a Referer from another site', { referer: 'https://evil.example/page' }],
    ['GET', 'an Origin of another site', { origin: 'https://evil.example' }],
  ] as const)(
    'refuses %s /api/auth/logout from another site (%s) with 403, changing nothing',
    async (method, _, headers) => {
      const user = await createUser(app.db);
      const cookie = await signInAs(app, user);
      const before = await sessionRow(cookie);
      const response = await app.inject({
        method,
        url: '/api/auth/logout',
        headers: { cookie, ...headers },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        error: { code: 'forbidden', message: 'Cross-site request refused.' },
      });
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(await sessionRow(cookie)).toEqual(before);
      expect(await me(cookie)).toMatchObject({ gid: user.id });
    },
  );

  it.each([
    ['typed or bookmarked', { 'sec-fetch-site': 'none' }],
    ['a link on the site', { referer: 'http://localhost:3000/account' }],
    ['no browser headers', {}],
  ])('signs out with GET when the request is %s', async (_, headers) => {
    const user = await createUser(app.db);
    const cookie = await signInAs(app, user);
    const response = await app.inject({ url: '/api/auth/logout', headers: { cookie, ...headers } });
    expect(response.statusCode).toBe(200);
    expect(await me(cookie)).toBeNull();
  });

  it('accepts the same call from the site itself', async () => {
    const user = await createUser(app.db);
    const cookie = await signInAs(app, user);
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, origin: 'http://localhost:3000' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('accepts a same-site call when API_BASE_URL puts the API on another host of the site', async () => {
    const split = await buildTestApp({ API_BASE_URL: 'http://api.localhost:3000' });
    try {
      const cookie = await signInAs(split, await createUser(split.db));
      const response = await split.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { cookie, 'sec-fetch-site': 'same-site', origin: 'http://localhost:3000' },
      });
      expect(response.statusCode).toBe(200);
    } finally {
      await split.close();
    }
  });

  it('is shared by another app instance on the same database (nothing kept in memory)', async () => {
    const other = await buildApp(
      loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: '/tmp/barbershop-second-instance',
        SESSION_SECRET: 'y'.repeat(32),
      }),
      { database: app.handle, web: false, logger: false },
    );
    try {
      const user = await createUser(app.db);
      const cookie = await signInAs(app, user);
      const seen = await other.inject({ url: '/api/users/me', headers: { cookie } });
      expect(seen.json()).toMatchObject({ gid: user.id });
      await other.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
      expect(await me(cookie)).toBeNull();
    } finally {
      await other.close();
    }
  });
});
