import { schema } from '@barbershop/db';
import { createUser } from '@barbershop/db/factories';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { buildTestApp, REAL_PROVIDERS, type TestApp } from '../../test/app.ts';
import { CookieJar } from '../../test/cookie-jar.ts';
import { answerAtDevIdp, signInThroughDevIdp } from '../../test/dev-sign-in.ts';
import { signInAs } from '../../test/sessions.ts';
import { devIdpRoutes } from './dev-idp/dev-idp.routes.ts';

async function me(app: TestApp, cookie: string) {
  const response = await app.inject({ url: '/api/users/me', headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json();
}

function sessionCookie(app: TestApp, cookies: Map<string, string>) {
  const value = cookies.get(app.sessions.cookieName);
  return value ? `${app.sessions.cookieName}=${value}` : '';
}

describe('sign-in through the development identity provider', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ ADMIN_EMAILS: 'Boss@Example.com', SIGN_IN_RATE_LIMIT: '1000' });
  });
  afterAll(() => app.close());

  it('signs a seeded demo account in and returns to the page asked for', async () => {
    const casey = await createUser(app.db, {
      email: 'casey@example.com',
      name: 'Casey Customer',
      emailVerified: false,
    });
    const { location, jar } = await signInThroughDevIdp(app, {
      path: '/account/orders?x=1',
      email: 'casey@example.com',
    });
    expect(location).toBe('/account/orders?x=1');
    expect(await me(app, sessionCookie(app, jar.cookies))).toEqual({
      gid: casey.id,
      name: 'Casey Customer',
      email: 'casey@example.com',
      picture: '',
      accessLevel: 0,
    });
    const rows = await app.db.select().from(schema.users).where(eq(schema.users.email, 'casey@example.com'));
    // One account, and the provider's word on the email as of this sign-in.
    expect(rows).toMatchObject([{ id: casey.id, emailVerified: true }]);
  });

  it('creates a customer for a new email, named after it', async () => {
    const { location, jar } = await signInThroughDevIdp(app, {
      path: '/',
      email: ' New.Person@Example.com ',
    });
    expect(location).toBe('/');
    const user = await me(app, sessionCookie(app, jar.cookies));
    expect(user).toMatchObject({ name: 'New Person', email: 'new.person@example.com', accessLevel: 0 });
    const [row] = await app.db.select().from(schema.users).where(eq(schema.users.id, user.gid));
    expect(row).toMatchObject({
      oidcIssuer: 'dev',
      oidcSubject: 'new.person@example.com',
      emailVerified: true,
    });
  });

  it("stores the provider's name composed, as a search typed for it is: an accent sent as a separate mark joins its letter", async () => {
    // The development provider names a new account after its email: here "Zoe" + U+0308 (a diaeresis).
    const { jar } = await signInThroughDevIdp(app, { path: '/', email: 'zoe\u0308.nunez@example.com' });
    const user = await me(app, sessionCookie(app, jar.cookies));
    expect(user?.name).toBe('Zo\u00eb Nunez');
  });

  it('makes a verified email listed in ADMIN_EMAILS an admin, and keeps other roles as they are', async () => {
    const boss = await signInThroughDevIdp(app, { email: 'boss@example.com' });
    const bossUser = await me(app, sessionCookie(app, boss.jar.cookies));
    expect(bossUser).toMatchObject({ accessLevel: 2 });
    // In the audit trail as the setting's doing, once: a second sign-in changes no role.
    await signInThroughDevIdp(app, { email: 'boss@example.com' });
    const audit = await app.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entityId, (bossUser as { gid: string }).gid));
    expect(audit).toMatchObject([
      {
        actorUserId: null,
        tool: 'ADMIN_EMAILS',
        entity: 'user',
        action: 'role',
        before: { accessLevel: null },
        after: { accessLevel: 2 },
      },
    ]);
    await createUser(app.db, { email: 'sam@example.com', accessLevel: 1 });
    const sam = await signInThroughDevIdp(app, { email: 'sam@example.com' });
    expect(await me(app, sessionCookie(app, sam.jar.cookies))).toMatchObject({ accessLevel: 1 });
  });

  it("sends the provider's own answers, error pages included, with the headers every response carries", async () => {
    for (const url of ['/dev-idp/.well-known/openid-configuration', '/dev-idp/auth?client_id=nobody']) {
      const response = await app.inject(url);
      expect(response.headers, url).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
      });
    }
  });

  it('serves a sign-in page that lists the demo accounts and works under the CSP without scripts', async () => {
    const { page } = await signInThroughDevIdp(app, { email: 'casey@example.com' });
    expect(page.headers['content-type']).toContain('text/html');
    const scriptSrc = String(page.headers['content-security-policy'])
      .split(';')
      .find((directive) => directive.startsWith('script-src'));
    expect(scriptSrc).toMatch(/^script-src 'self'/);
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(page.body).not.toContain('<script');
    for (const email of ['casey@example.com', 'sam@example.com', 'alex@example.com']) {
      expect(page.body).toContain(`value="${email}"`);
    }
    expect(page.body).toContain('<label for="email">');
  });

  it('answers only requests addressed to this machine: not through a proxy, whatever Host it sends', async () => {
    const start = await app.inject({ url: '/api/auth/google' });
    const provider = new URL(String(start.headers.location));
    const url = provider.pathname + provider.search;
    const local = await app.inject({ url });
    expect(local.statusCode).not.toBe(403);
    const proxied = [
      // A proxy passing the public Host on, or a DNS name rebound to 127.0.0.1.
      { host: 'shop.example.com' },
      { host: 'rebound.example:3000' },
      { host: '10.0.0.5' },
      // A proxy that rewrites Host to the address it forwards to (nginx's default), saying so.
      { host: '127.0.0.1:3000', 'x-forwarded-for': '203.0.113.9' },
      { host: 'localhost:3000', 'x-real-ip': '203.0.113.9' },
      { host: 'localhost:3000', forwarded: 'for=203.0.113.9' },
      { host: '[::1]:3000', via: '1.1 proxy' },
      // A client naming a loopback host where a trusting server would read it.
      { host: 'shop.example.com', 'x-forwarded-host': 'localhost' },
    ];
    for (const headers of proxied) {
      const answer = await app.inject({ url, headers });
      expect([headers, answer.statusCode]).toEqual([headers, 403]);
      expect(answer.json().error.message).toBe('The development sign-in answers on this machine only.');
    }
  });

  it('asks again for an email that is not one', async () => {
    await expect(signInThroughDevIdp(app, { email: 'not-an-email' })).rejects.toThrow(/got 400/);
  });

  it('returns to the sign-in page with a message when the person cancels', async () => {
    const { location, jar } = await signInThroughDevIdp(app, { path: '/account', cancel: true });
    expect(location).toBe('/sign-in?path=%2Faccount&error=canceled');
    expect(jar.cookies.has(app.sessions.cookieName)).toBe(false);
  });

  it.each([
    ['//evil.example', '/'],
    ['https://evil.example', '/'],
    ['/\\evil.example', '/'],
    ['/a/..//evil.example', '/'],
    ['', '/'],
  ])('never redirects off the site: path=%j lands on %s', async (path, expected) => {
    const { location } = await signInThroughDevIdp(app, { path, email: 'casey@example.com' });
    expect(location).toBe(expected);
  });

  it('refuses a callback without the browser that started the sign-in', async () => {
    const response = await app.inject('/api/auth/google/callback?code=stolen&state=guessed');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/sign-in?path=%2F&error=failed');
    expect(response.headers['set-cookie'] ?? '').not.toContain(`${app.sessions.cookieName}=`);
  });

  it('refuses a callback whose state does not match', async () => {
    const start = await app.inject('/api/auth/google?path=/account');
    const flowCookie = String(start.headers['set-cookie']).split(';')[0]!;
    const response = await app.inject({
      url: '/api/auth/google/callback?code=abc&state=wrong',
      headers: { cookie: flowCookie },
    });
    expect(response.headers.location).toBe('/sign-in?path=%2Faccount&error=failed');
  });

  it('finishes two sign-ins started in two tabs of one browser, each back to its own page, whichever ends first', async () => {
    const jar = new CookieJar();
    const start = async (path: string) => {
      const response = await app.inject({
        url: `/api/auth/google?${new URLSearchParams({ path })}`,
        headers: { cookie: jar.header() },
      });
      jar.store(response.headers['set-cookie']);
      return String(response.headers.location);
    };
    const finish = async (callback: string) => {
      const response = await app.inject({ url: callback, headers: { cookie: jar.header() } });
      jar.store(response.headers['set-cookie']);
      return response.headers.location;
    };
    const account = await start('/account');
    const orders = await start('/account/orders?page=2');
    // The first tab's sign-in is answered first, then the second's.
    expect(await finish(await answerAtDevIdp(app, account, 'casey@example.com'))).toBe('/account');
    expect(await me(app, sessionCookie(app, jar.cookies))).toMatchObject({ email: 'casey@example.com' });
    expect(await finish(await answerAtDevIdp(app, orders, 'casey@example.com'))).toBe(
      '/account/orders?page=2',
    );
    expect(await me(app, sessionCookie(app, jar.cookies))).toMatchObject({ email: 'casey@example.com' });
    // Each flow answers once: a replayed callback is refused.
    const replay = await start('/account');
    const callback = await answerAtDevIdp(app, replay, 'casey@example.com');
    expect(await finish(callback)).toBe('/account');
    expect(await finish(callback)).toBe('/sign-in?path=%2F&error=failed');
  });

  it('keeps the newest sign-ins in progress in one cookie a browser keeps, however many and long their paths', async () => {
    const jar = new CookieJar();
    let last = '';
    for (let tab = 1; tab <= 8; tab++) {
      const path = `/store?tab=${tab}&q=${'x'.repeat(1200)}`;
      const response = await app.inject({
        url: `/api/auth/google?${new URLSearchParams({ path })}`,
        headers: { cookie: jar.header() },
      });
      const setCookie = String(response.headers['set-cookie']);
      expect(setCookie.split(';')[0]!.length).toBeLessThan(4096);
      jar.store(setCookie);
      last = String(response.headers.location);
    }
    const callback = await app.inject({
      url: await answerAtDevIdp(app, last, 'casey@example.com'),
      headers: { cookie: jar.header() },
    });
    expect(callback.headers.location).toMatch(/^\/store\?tab=8&/);
  });

  it('starts a new session at every sign-in and ends the one the browser had (no fixation)', async () => {
    const casey = await createUser(app.db, { email: 'fixation@example.com' });
    const planted = await signInAs(app, casey);
    const first = await signInThroughDevIdp(app, { email: 'fixation@example.com' });
    first.jar.store(`${planted}; Path=/`);
    const again = await signInThroughDevIdp(app, { email: 'fixation@example.com', jar: first.jar });
    const fresh = sessionCookie(app, again.jar.cookies);
    expect(fresh).not.toBe(planted);
    expect(await me(app, planted)).toBeNull();
    expect(await me(app, fresh)).toMatchObject({ gid: casey.id });
  });
});

describe('session cookie', () => {
  const attributes = (setCookies: string[], name: string) => {
    const header = setCookies.find((cookie) => cookie.startsWith(`${name}=`));
    expect(header, `Set-Cookie for ${name}`).toBeDefined();
    return header!;
  };

  it('is HttpOnly, SameSite=Lax and for the whole site', async () => {
    const app = await buildTestApp({ PUBLIC_URL: 'http://localhost:3300' });
    try {
      const { jar } = await signInThroughDevIdp(app, { email: 'casey@example.com' });
      const header = attributes(jar.setCookies, 'session');
      expect(header).toMatch(/; HttpOnly/);
      expect(header).toMatch(/; SameSite=Lax/);
      expect(header).toMatch(/; Path=\/(;|$)/);
      expect(header).not.toMatch(/; Secure/);
    } finally {
      await app.close();
    }
  });

  it('is also Secure, with the __Host- prefix, when the site is on HTTPS', async () => {
    const app = await buildTestApp({ PUBLIC_URL: 'https://localhost:3301' });
    try {
      const { jar } = await signInThroughDevIdp(app, { email: 'casey@example.com' });
      const header = attributes(jar.setCookies, '__Host-session');
      expect(header).toMatch(/; Secure/);
      expect(header).toMatch(/; HttpOnly/);
      expect(header).toMatch(/; SameSite=Lax/);
      // The sign-in flow's cookie too: a sibling subdomain cannot plant its own flow.
      const flow = attributes(jar.setCookies, '__Host-sign_in_flow');
      expect(flow).toMatch(/; Path=\/(;|$)/);
      expect(flow).toMatch(/; Secure/);
      expect(flow).not.toMatch(/; Domain=/);
      expect(await me(app, sessionCookie(app, jar.cookies))).toMatchObject({ email: 'casey@example.com' });
    } finally {
      await app.close();
    }
  });
});

describe('rate limit', () => {
  it('answers 20 rapid sign-in starts from one client with 429 in the error shape, other clients unaffected', async () => {
    const app = await buildTestApp();
    try {
      const statuses: number[] = [];
      let refused: { statusCode: number; json(): unknown; headers: Record<string, unknown> } | undefined;
      for (let i = 0; i < 20; i++) {
        const response = await app.inject({ url: '/api/auth/google?path=/', remoteAddress: '203.0.113.7' });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) refused ??= response;
      }
      expect(statuses.slice(0, 10).every((status) => status === 302)).toBe(true);
      expect(statuses).toContain(429);
      expect(refused?.json()).toEqual({
        error: {
          code: 'too_many_requests',
          message: 'Too many sign-in attempts from here. Wait a minute and try again.',
        },
      });
      expect(refused?.headers['retry-after']).toBeDefined();
      const elsewhere = await app.inject({ url: '/api/auth/google', remoteAddress: '203.0.113.8' });
      expect(elsewhere.statusCode).toBe(302);
    } finally {
      await app.close();
    }
  });
});

describe('development identity provider', () => {
  it('refuses to start outside demo mode', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '/tmp/barbershop-no-demo',
      SESSION_SECRET: 'x'.repeat(32),
    });
    const app = Fastify();
    await expect(app.register(devIdpRoutes, { config: { ...config, demo: false } }).ready()).rejects.toThrow(
      /only in demo mode/,
    );
  });

  it('is never where a site with a public address sends sign-in, whatever NODE_ENV says', async () => {
    const app = await buildTestApp({ PUBLIC_URL: 'https://shop.example.com', ...REAL_PROVIDERS });
    try {
      expect((await app.inject('/dev-idp/.well-known/openid-configuration')).statusCode).toBe(404);
      const start = await app.inject('/api/auth/google?path=/');
      expect(String(start.headers.location)).not.toContain('/dev-idp');
    } finally {
      await app.close();
    }
  });

  it('is not mounted when a real OpenID provider is configured', async () => {
    const app = await buildTestApp({ OIDC_CLIENT_ID: 'client', OIDC_CLIENT_SECRET: 'secret' });
    try {
      expect((await app.inject('/dev-idp/.well-known/openid-configuration')).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
