import { describe, expect, it } from 'vitest';
import { accountLinks } from './account-links.ts';

const labels = (accessLevel: number) => accountLinks(accessLevel).map((link) => link.label);

describe('accountLinks', () => {
  it('gives customers their profile and orders', () => {
    expect(accountLinks(0)).toEqual([
      { to: '/account', label: 'PROFILE' },
      { to: '/account/orders', label: 'ORDERS' },
    ]);
  });
  it('gives staff the dashboard only', () => {
    expect(accountLinks(1)).toEqual([{ to: '/dashboard', label: 'DASHBOARD' }]);
  });
  it.each([2, 3, -1])('treats any other level (%i) as admin: all three', (level) => {
    expect(labels(level)).toEqual(['PROFILE', 'ORDERS', 'DASHBOARD']);
  });
});
