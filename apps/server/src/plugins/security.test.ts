import { gzipSync } from 'node:zlib';
import { createUser } from '@barbershop/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, buildTestAppWithLog, REAL_PROVIDERS, type TestApp } from '../test/app.ts';
import { signInAs } from '../test/sessions.ts';

/** One directive of a policy, by name. */
const directive = (csp: unknown, name: string) =>
  String(csp)
    .split(';')
    .find((d) => d.startsWith(`${name} `));

describe('security headers', () => {
  let app: TestApp;
  beforeAll(async () => {
    // A page of HTML that writes its nonce into an inline script, as React Router's pages do.
    app = await buildTestApp({}, async (app) => {
      app.get('/page', { config: { access: 'public' } }, (_request, reply) =>
        reply.type('text/html; charset=utf-8').send(`<script nonce="${reply.scriptNonce}"></script>`),
      );
      app.post('/api/echo', { config: { access: 'public' } }, (request) => request.body);
    });
  });
  afterAll(() => app.close());

  it('forbids framing in both headers alike on pages, and X-Frame-Options on everything', async () => {
    const page = await app.inject('/page');
    expect(directive(page.headers['content-security-policy'], 'frame-ancestors')).toBe(
      "frame-ancestors 'none'",
    );
    expect(page.headers['x-frame-options']).toBe('DENY');
    const json = await app.inject('/api/users/me');
    expect(json.headers['x-frame-options']).toBe('DENY');
    expect(json.headers['x-content-type-options']).toBe('nosniff');
  });

  it("sends a document's own headers with pages only, and what protects any body with everything", async () => {
    const page = await app.inject('/page');
    expect(page.headers).toMatchObject({
      'cross-origin-opener-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      'origin-agent-cluster': '?1',
    });
    const json = await app.inject('/healthz');
    expect(json.headers).toMatchObject({
      'cross-origin-resource-policy': 'same-origin',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
    expect(json.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(json.headers['referrer-policy']).toBeUndefined();
  });

  it('reads a request body as sent: a compressed one is not unpacked, so it is refused', async () => {
    const post = (headers: Record<string, string>, payload: string | Buffer) =>
      app.inject({
        method: 'POST',
        url: '/api/echo',
        headers: { 'content-type': 'application/json', ...headers },
        payload,
      });
    expect((await post({}, '{"a":1}')).json()).toEqual({ a: 1 });
    expect((await post({ 'content-encoding': 'gzip' }, gzipSync('{"a":1}'))).statusCode).toBe(400);
  });

  it('sends a policy with HTML only: no JSON answer carries one', async () => {
    expect((await app.inject('/api/users/me')).headers['content-security-policy']).toBeUndefined();
    expect((await app.inject('/api/no-such-route')).headers['content-security-policy']).toBeUndefined();
  });

  it("lets a page's own inline scripts run by a nonce fresh for each response", async () => {
    const nonceOf = async () => {
      const page = await app.inject('/page');
      const nonce = /nonce="([^"]+)"/.exec(page.body)?.[1];
      expect(directive(page.headers['content-security-policy'], 'script-src')).toBe(
        `script-src 'self' 'nonce-${nonce}'`,
      );
      return nonce;
    };
    const [first, second] = [await nonceOf(), await nonceOf()];
    expect(first).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(first).not.toBe(second);
  });

  it("lets the identity provider's profile pictures show (Google's image host by default)", async () => {
    const imgSrc = directive((await app.inject('/page')).headers['content-security-policy'], 'img-src');
    expect(imgSrc).toContain('https://*.googleusercontent.com');
  });

  it('allows only the third parties the shop uses: a demo, OpenStreetMap tiles and no payment hosts', async () => {
    const csp = String((await app.inject('/page')).headers['content-security-policy']);
    expect(csp).not.toMatch(/stripe|mapbox/);
    expect(directive(csp, 'img-src')).toContain('https://tile.openstreetmap.org');
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self'");
    expect(directive(csp, 'frame-src')).toBeUndefined();
  });
});

describe('a policy for a shop taking cards with Stripe and showing Mapbox maps', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ ...REAL_PROVIDERS, MAPS_TOKEN: 'pk.test' }, async (app) => {
      app.get('/page', { config: { access: 'public' } }, (_request, reply) =>
        reply.type('text/html; charset=utf-8').send('<p>page</p>'),
      );
    });
  });
  afterAll(() => app.close());

  it("allows Stripe's script, frames, API and images, and Mapbox's tiles instead of OpenStreetMap's", async () => {
    const csp = String((await app.inject('/page')).headers['content-security-policy']);
    expect(directive(csp, 'script-src')).toMatch(
      /^script-src 'self' https:\/\/js\.stripe\.com 'nonce-[^']+'$/,
    );
    expect(directive(csp, 'frame-src')).toBe('frame-src https://js.stripe.com https://hooks.stripe.com');
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self' https://api.stripe.com");
    expect(directive(csp, 'img-src')).toContain('https://api.mapbox.com https://*.stripe.com');
    expect(csp).not.toContain('openstreetmap');
  });
});

describe('rules by path', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('applies the same-site rule to /%61pi/..., which the router serves as /api/...', async () => {
    const admin = await createUser(app.db, { accessLevel: 2 });
    const customer = await createUser(app.db, { accessLevel: 0 });
    const response = await app.inject({
      method: 'PATCH',
      url: `/%61pi/users/${customer.id}`,
      headers: { cookie: await signInAs(app, admin), 'sec-fetch-site': 'cross-site' },
      payload: { accessLevel: 2 },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: { code: 'forbidden', message: 'Cross-site request refused.' } });
  });
  it('counts /%61pi/auth/google against the same sign-in limit as /api/auth/google', async () => {
    const limited = await buildTestApp({ SIGN_IN_RATE_LIMIT: '2' });
    try {
      const statuses = [];
      for (const url of ['/api/auth/google', '/%61pi/auth/google', '/api/auth/%67oogle']) {
        statuses.push((await limited.inject({ url, remoteAddress: '203.0.113.50' })).statusCode);
      }
      expect(statuses).toEqual([302, 302, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('logs', () => {
  it("never show the sign-in callback's authorization code or state, tokens, or a searched-for person", async () => {
    const { app, log: lines } = await buildTestAppWithLog();
    try {
      await app.inject('/api/auth/google/callback?code=SECRET-CODE-123&state=SECRET-STATE-456');
      await app.inject('/%61pi/auth/google/callback?code=SECRET-CODE-123&state=SECRET-STATE-456');
      await app.inject('/api/users/me?access_token=SECRET-TOKEN-789');
      // Staff searching for a customer: the search text is a person's email, name or phone.
      await app.inject('/api/orders?scope=all&q=jane.secret%40example.com');
      // Stripe's return to the confirmation page carries the PaymentIntent's client secret.
      await app.inject(
        '/payment-confirmation?orderId=x&payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_SECRET-CLIENT',
      );
      const text = JSON.stringify(lines);
      expect(text).toContain('/api/auth/google/callback?[redacted]');
      expect(text).toContain('/api/orders?scope=all&q=%5Bredacted%5D');
      expect(text).not.toMatch(/SECRET-(CODE|STATE|TOKEN|CLIENT)|jane\.secret/);
    } finally {
      await app.close();
    }
  });

  it('show one line per request at info, except the health probes a load balancer sends', async () => {
    const { app, log: lines } = await buildTestAppWithLog();
    try {
      await app.inject('/healthz');
      await app.inject('/readyz');
      await app.inject('/api/shop');
      const requests = lines.filter((line) => line.msg === 'request');
      expect(requests.map((line) => (line.req as { url: string }).url)).toEqual(['/api/shop']);
      expect(requests[0]).toMatchObject({ status: 200, req: { method: 'GET' } });
    } finally {
      await app.close();
    }
  });
});

describe('behind a load balancer (TRUST_PROXY)', () => {
  const client = (app: TestApp, forwardedFor: string) =>
    app.inject({
      url: '/api/auth/google?path=/',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('by default trusts no X-Forwarded-For: a client cannot pick its own address', async () => {
    const { app, log: lines } = await buildTestAppWithLog({ SIGN_IN_RATE_LIMIT: '2' });
    try {
      const statuses = [];
      for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
        statuses.push((await client(app, address)).statusCode);
      }
      expect(statuses).toEqual([302, 302, 429]);
      expect(JSON.stringify(lines)).not.toContain('203.0.113.1');
    } finally {
      await app.close();
    }
  });

  it.each(['1', '10.0.0.0/8'])(
    'with TRUST_PROXY=%s, limits and logs see the client the load balancer names',
    async (trustProxy) => {
      const { app, log: lines } = await buildTestAppWithLog({
        SIGN_IN_RATE_LIMIT: '2',
        TRUST_PROXY: trustProxy,
      });
      try {
        const statuses = [];
        for (const address of ['203.0.113.1', '203.0.113.1', '203.0.113.1', '203.0.113.2']) {
          statuses.push((await client(app, address)).statusCode);
        }
        expect(statuses).toEqual([302, 302, 429, 302]);
        const addresses = lines.map(
          (line) => (line.req as { remoteAddress?: string } | undefined)?.remoteAddress,
        );
        expect(addresses).toContain('203.0.113.2');
        expect(addresses).not.toContain('10.0.0.2');
      } finally {
        await app.close();
      }
    },
  );
});
