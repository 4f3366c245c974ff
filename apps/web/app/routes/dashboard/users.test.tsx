import type { UserSummary } from '@barbershop/contract';
import { describe, expect, it } from 'vitest';
import { renderedRouteHtml, testUser, visibleText } from '../../lib/testing.ts';
import * as usersPage from './users.tsx';

const STAFF = testUser(1, 'Sam Staff', '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b');
const GONE = '00000000-0000-4000-8000-000000000001';

/** The users page at `query`, the API answering `users` to the list. */
function page(query: string, users: UserSummary[]) {
  return renderedRouteHtml({ ...usersPage, path: '/dashboard/users' }, `/dashboard/users${query}`, (path) =>
    path.startsWith('/users/me') ? STAFF : users,
  );
}

describe('the dashboard users page', () => {
  it('past the last page says there are no more users, not that the shop has none, and leads to the first', async () => {
    const html = await page(`?after=${GONE}`, []);
    expect(visibleText(html)).toContain('No more users.');
    expect(visibleText(html)).not.toContain('No users yet.');
    expect(html).toContain('href="/dashboard/users"');
  });

  it('keeps the search in its first page link', async () => {
    const html = await page(`?q=casey&after=${GONE}`, []);
    expect(html).toContain('href="/dashboard/users?q=casey"');
  });
});
