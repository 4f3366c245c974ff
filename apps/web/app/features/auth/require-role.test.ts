import type { CurrentUser } from '@barbershop/contract';
import { describe, expect, it } from 'vitest';
import { testLoadContext } from '../../lib/testing.ts';
import { type PageRole, requireRole, requireRoleToAct } from './require-role.ts';

const PAGE = 'http://localhost/dashboard/orders?page=2';
const HERE = encodeURIComponent('/dashboard/orders?page=2');

/** A page request's context whose API says `me` is signed in (null: nobody). */
function contextFor(me: CurrentUser) {
  return testLoadContext(async (path) =>
    path === '/users/me' ? Response.json(me) : Response.json(null, { status: 404 }),
  );
}

const user = (accessLevel: number) => ({
  gid: '4f7c2a1e-0000-4000-8000-000000000000',
  name: 'Someone',
  email: 'someone@example.com',
  picture: '',
  accessLevel,
});

/** Where requireRole sends the visitor, or 'allowed'. */
async function outcome(me: CurrentUser, role: PageRole): Promise<string> {
  try {
    await requireRole(new Request(PAGE), contextFor(me), role);
    return 'allowed';
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    expect(thrown.status).toBe(302);
    return thrown.headers.get('location') ?? '';
  }
}

describe('requireRole', () => {
  it('sends a signed-out visitor to /sign-in with the path to come back to', async () => {
    expect(await outcome(null, 'signedIn')).toBe(`/sign-in?path=${HERE}`);
  });

  it("tells a signed-out visitor to a dashboard page they are not authorized (SPEC.md section 6's admin check)", async () => {
    for (const role of ['staff', 'admin'] as const) {
      expect(await outcome(null, role)).toBe(`/sign-in?path=${HERE}&error=forbidden`);
    }
  });

  it('sends a role too low to /sign-in with the forbidden message, never an error', async () => {
    expect(await outcome(user(0), 'staff')).toBe(`/sign-in?path=${HERE}&error=forbidden`);
    expect(await outcome(user(0), 'admin')).toBe(`/sign-in?path=${HERE}&error=forbidden`);
    expect(await outcome(user(1), 'admin')).toBe(`/sign-in?path=${HERE}&error=forbidden`);
  });

  it('lets each role in where it belongs and returns the user', async () => {
    expect(await outcome(user(0), 'signedIn')).toBe('allowed');
    expect(await outcome(user(1), 'signedIn')).toBe('allowed');
    expect(await outcome(user(1), 'staff')).toBe('allowed');
    expect(await outcome(user(2), 'staff')).toBe('allowed');
    expect(await outcome(user(2), 'admin')).toBe('allowed');
    await expect(requireRole(new Request(PAGE), contextFor(user(1)), 'staff')).resolves.toEqual(user(1));
  });

  it("comes back to the page, not to its data, when the app asked for the page's data", async () => {
    for (const data of [
      'http://localhost/dashboard/orders.data?page=2&_routes=routes%2Fdashboard%2Forders',
      'http://localhost/dashboard/orders.data?_routes=root&page=2',
    ]) {
      await expect(requireRole(new Request(data), contextFor(user(0)), 'staff')).rejects.toSatisfy(
        (thrown: Response) => thrown.headers.get('location') === `/sign-in?path=${HERE}&error=forbidden`,
      );
    }
    await expect(
      requireRole(new Request('http://localhost/_.data'), contextFor(null), 'signedIn'),
    ).rejects.toSatisfy(
      (thrown: Response) => thrown.headers.get('location') === `/sign-in?path=${encodeURIComponent('/')}`,
    );
  });

  it('fails closed on a level it does not know: no role at all', async () => {
    expect(await outcome(user(3), 'signedIn')).toBe(`/sign-in?path=${HERE}&error=forbidden`);
    expect(await outcome(user(-1), 'staff')).toBe(`/sign-in?path=${HERE}&error=forbidden`);
    expect(await outcome(user(7), 'admin')).toBe(`/sign-in?path=${HERE}&error=forbidden`);
  });
});

describe('requireRoleToAct', () => {
  it('lets a signed-out action through to the API, whose 401 it answers where the form is', async () => {
    await expect(requireRoleToAct(new Request(PAGE), contextFor(null), 'admin')).resolves.toBeUndefined();
  });

  it('sends a role too low away as requireRole does, and lets the role through', async () => {
    await expect(requireRoleToAct(new Request(PAGE), contextFor(user(1)), 'admin')).rejects.toSatisfy(
      (thrown: Response) => thrown.headers.get('location') === `/sign-in?path=${HERE}&error=forbidden`,
    );
    await expect(requireRoleToAct(new Request(PAGE), contextFor(user(2)), 'admin')).resolves.toBeUndefined();
  });
});
