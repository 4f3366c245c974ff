import { createUser } from '@barbershop/db/factories';
import { openTestDatabase } from '@barbershop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import type { TestApp } from './test/app.ts';
import { signInAs } from './test/sessions.ts';

/**
 * DESIGN.md section 9: copies of the server behind a load balancer share nothing but the database.
 * Two instances on one database must agree on who is signed in, whichever one a request reaches.
 * Both apps run in this one test process and share one database handle: this shows that nothing the
 * answers depend on is kept in an app's memory, not that two operating-system processes (each with
 * its own pool, on PostgreSQL) agree; that needs a test that starts two servers.
 */
describe('two app instances in one process, on one database', () => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    handle = await openTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '/tmp/barbershop-multi',
      SESSION_SECRET: 'm'.repeat(32),
    });
    const build = async () =>
      Object.assign(await buildApp(config, { database: handle, web: false, logger: false }), {
        handle,
      }) as TestApp;
    a = await build();
    b = await build();
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await handle.close();
  });

  it('share sessions: signed in on one, known on the other, signed out everywhere at once', async () => {
    const user = await createUser(handle.db, { name: 'Roaming Customer' });
    const cookie = await signInAs(a, user);

    const onB = await b.inject({ url: '/api/users/me', headers: { cookie } });
    expect(onB.json()).toMatchObject({ gid: user.id, name: 'Roaming Customer', accessLevel: 0 });

    const logout = await b.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(200);
    expect((await a.inject({ url: '/api/users/me', headers: { cookie } })).json()).toBeNull();
  });

  it('see role changes made through the other at once', async () => {
    const admin = await createUser(handle.db, { accessLevel: 2 });
    const customer = await createUser(handle.db, { accessLevel: 0 });
    const customerCookie = await signInAs(a, customer);
    expect(
      (await a.inject({ url: '/api/users/checkAdmin', headers: { cookie: customerCookie } })).statusCode,
    ).toBe(403);

    const promote = await b.inject({
      method: 'PATCH',
      url: `/api/users/${customer.id}`,
      headers: { cookie: await signInAs(b, admin) },
      payload: { accessLevel: 1 },
    });
    expect(promote.statusCode).toBe(200);
    expect(
      (await a.inject({ url: '/api/users/checkAdmin', headers: { cookie: customerCookie } })).statusCode,
    ).toBe(200);
  });
});

describe('rate limits across two server instances on one database', () => {
  it("count every copy's requests together, so a limit holds behind a load balancer", async () => {
    const handle = await openTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '/tmp/barbershop-multi-limits',
      SESSION_SECRET: 'r'.repeat(32),
      SIGN_IN_RATE_LIMIT: '3',
    });
    const a = await buildApp(config, { database: handle, web: false, logger: false });
    const b = await buildApp(config, { database: handle, web: false, logger: false });
    try {
      const from = (app: typeof a, remoteAddress: string) =>
        app.inject({ url: '/api/auth/google?path=/', remoteAddress }).then((response) => response.statusCode);
      const statuses = [
        await from(a, '198.51.100.9'),
        await from(b, '198.51.100.9'),
        await from(a, '198.51.100.9'),
        await from(b, '198.51.100.9'),
        await from(a, '198.51.100.9'),
      ];
      expect(statuses).toEqual([302, 302, 302, 429, 429]);
      expect(await from(b, '198.51.100.10')).toBe(302);
    } finally {
      await a.close();
      await b.close();
      await handle.close();
    }
  });
});
