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
  it('gives admins all three', () => {
    expect(labels(2)).toEqual(['PROFILE', 'ORDERS', 'DASHBOARD']);
  });
  it.each([3, -1, 1.5])('gives an unknown level (%s) no links at all: the menu fails closed', (level) => {
    expect(accountLinks(level)).toEqual([]);
  });
});
