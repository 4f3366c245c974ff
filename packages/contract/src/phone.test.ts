import { describe, expect, it } from 'vitest';
import { ContactPhoneSchema } from './phone.ts';

const message = (phone: string) => {
  const result = ContactPhoneSchema.safeParse(phone);
  return result.success ? null : result.error.issues.map((issue) => issue.message);
};

describe('a contact phone', () => {
  it('is required, and a blank one counts as empty', () => {
    expect(message('')).toEqual(['Phone is required']);
    expect(message('   ')).toEqual(['Phone is required']);
  });

  it('names its length when too short or too long, not that it is missing', () => {
    expect(message('555-01')).toEqual(['Phone must be at least 7 characters']);
    expect(message('1'.repeat(31))).toEqual(['Phone must be at most 30 characters']);
  });

  it('needs the digits its Call link dials', () => {
    expect(message('call me!')).toEqual(['Phone must have at least 7 digits']);
    expect(message('555-01 ext')).toEqual(['Phone must have at least 7 digits']);
  });

  it('keeps any format within the limits, trimmed', () => {
    expect(ContactPhoneSchema.parse(' +44 20 7946 0958 ')).toBe('+44 20 7946 0958');
    expect(ContactPhoneSchema.parse('555-0123')).toBe('555-0123');
  });
});
