import { createUser } from '@barbershop/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { signInAs } from '../test/sessions.ts';

describe('cache headers of API answers', () => {
  let app: TestApp;
  let cookie: string;
  beforeAll(async () => {
    app = await buildTestApp();
    cookie = await signInAs(app, await createUser(app.db, { email: 'private@example.com' }));
  });
  afterAll(() => app.close());

  it.each(['/api/users/me', '/api/orders', '/api/barbers', '/%61pi/users/me'])(
    'never lets a cache keep what %s tells a signed-in caller',
    async (url) => {
      const response = await app.inject({ url, headers: { cookie } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(String(response.headers.vary)).toMatch(/(^|, )Cookie(,|$)/);
    },
  );

  it('marks the signed-in answer of /%61pi/users/me as the API does: it is the caller, not null', async () => {
    const response = await app.inject({ url: '/%61pi/users/me', headers: { cookie } });
    expect(response.json()).toMatchObject({ email: 'private@example.com' });
  });

  it('keeps a refusal of a signed-in route private too, and varies anonymous answers on Cookie', async () => {
    const refused = await app.inject('/api/orders');
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('private, no-store');
    const anonymous = await app.inject('/api/users/me');
    expect(anonymous.json()).toBeNull();
    expect(anonymous.headers['cache-control']).toBe('no-cache');
    expect(String(anonymous.headers.vary)).toContain('Cookie');
  });

  it('keeps a sign-out (it clears a cookie) out of caches', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(response.headers['cache-control']).toBe('private, no-store');
  });
});
