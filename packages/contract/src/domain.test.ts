import { describe, expect, it } from 'vitest';
import { ACCESS, roleName } from './domain.ts';

describe('roles', () => {
  it('names each known access level, and no other', () => {
    expect(roleName(ACCESS.customer)).toBe('customer');
    expect(roleName(ACCESS.staff)).toBe('staff');
    expect(roleName(ACCESS.admin)).toBe('admin');
    expect(roleName(3)).toBeUndefined();
    expect(roleName(-1)).toBeUndefined();
  });
});
