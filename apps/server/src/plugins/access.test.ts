import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { accessPlugin } from './access.ts';
import { errorsPlugin } from './errors.ts';

async function appWithAccess() {
  const app = Fastify({ logger: false });
  await app.register(errorsPlugin);
  await app.register(accessPlugin);
  return app;
}

describe('access rules', () => {
  it('refuse an API route that declares no rule', async () => {
    const app = await appWithAccess();
    expect(() => app.get('/api/secret', async () => 'x')).toThrow(
      'Route GET /api/secret declares no access rule',
    );
  });

  it('refuse a rule other than public outside /api, where no session is loaded', async () => {
    const app = await appWithAccess();
    expect(() => app.get('/reports', { config: { access: 'staff' } }, async () => 'x')).toThrow(
      'Route GET /reports is outside /api, where only public routes can live',
    );
  });

  it('answer 401 to a signed-out caller and 403 to a customer before the handler runs', async () => {
    const app = await appWithAccess();
    let ran = false;
    app.addHook('onRequest', async (request) => {
      if (request.headers['x-test-user']) {
        request.user = { id: 'u', name: 'C', email: 'c@example.com', picture: '', accessLevel: 0 };
      }
    });
    app.post('/api/staff-only', { config: { access: 'staff' } }, async () => {
      ran = true;
      return 'done';
    });
    const signedOut = await app.inject({ method: 'POST', url: '/api/staff-only' });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error.code).toBe('unauthorized');
    const customer = await app.inject({
      method: 'POST',
      url: '/api/staff-only',
      headers: { 'x-test-user': '1' },
    });
    expect(customer.statusCode).toBe(403);
    expect(ran).toBe(false);
  });
});
