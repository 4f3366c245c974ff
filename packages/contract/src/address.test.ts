import { describe, expect, it } from 'vitest';
import { type Address, AddressInputSchema } from './address.ts';
import { formatAddress } from './format.ts';
import { userMatches } from './user-search.ts';

const SUITE: Address = {
  line1: '2150 N Academy Blvd',
  line2: 'Suite 104',
  city: 'Colorado Springs',
  state: 'CO',
  postal_code: '80909',
  country: 'US',
};
const TYPED_WHOLE: Address = {
  line1: 'Behind the old mill',
  line2: '',
  city: '',
  state: '',
  postal_code: '',
  country: '',
};

describe('formatAddress', () => {
  it('prints an address on one line, line2 only when there is one, without the country', () => {
    expect(formatAddress(SUITE)).toBe('2150 N Academy Blvd, Suite 104, Colorado Springs, CO 80909');
    expect(formatAddress({ ...SUITE, line2: '' })).toBe('2150 N Academy Blvd, Colorado Springs, CO 80909');
  });

  it('prints an address kept whole in line1 as it was typed', () => {
    expect(formatAddress(TYPED_WHOLE)).toBe('Behind the old mill');
  });
});

describe('AddressInputSchema', () => {
  const messages = (input: unknown) =>
    AddressInputSchema.safeParse(input).error?.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );

  it('names each required field that is missing or blank, once', () => {
    const { city: _city, ...noCity } = SUITE;
    expect(messages(noCity)).toEqual(['city: City is required']);
    expect(messages({ ...SUITE, line1: '  ', postal_code: '', country: '' })).toEqual([
      'line1: Address line 1 is required',
      'postal_code: Postal code is required',
      'country: Country is required',
    ]);
  });

  it('trims the fields and makes line2 optional', () => {
    const { line2: _line2, ...noLine2 } = SUITE;
    expect(AddressInputSchema.parse({ ...noLine2, city: ' Denver ' })).toEqual({
      ...SUITE,
      line2: '',
      city: 'Denver',
    });
  });

  it('refuses fields it does not know', () => {
    expect(messages({ ...SUITE, zip: '80909' })).toEqual([': Unrecognized key: "zip"']);
  });
});

describe('userMatches (the users search)', () => {
  const user = {
    gid: '5f1c2d3e-0000-4000-8000-000000000001',
    name: 'Robin Hood',
    email: 'robin@sherwood.example',
    phone: '(719) 555-0177',
    address: SUITE,
  };

  it('matches id, name, email, phone and the printed address, any case', () => {
    for (const query of [
      '5F1C2D3E',
      'robin hood',
      'SHERWOOD',
      '555-0177',
      'suite 104, colorado springs, co 809',
    ]) {
      expect(userMatches(user, query), query).toBe(true);
    }
    expect(userMatches(user, 'denver')).toBe(false);
  });

  it('matches a phone by its digits alone, and everyone for a blank query', () => {
    expect(userMatches(user, '7195550177')).toBe(true);
    expect(userMatches({ ...user, phone: null, address: null }, '7195550177')).toBe(false);
    expect(userMatches({ ...user, address: null }, '  ')).toBe(true);
  });
});
