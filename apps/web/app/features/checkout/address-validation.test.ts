import { describe, expect, it } from 'vitest';
import { deliveryAddressProblem } from './address-validation.ts';

const complete = {
  country: 'US',
  name: 'Casey Customer',
  line1: '1550 Larimer St',
  line2: '',
  city: 'Denver',
  state: 'CO',
  postal_code: '80202',
};

describe('deliveryAddressProblem', () => {
  it('accepts a complete address, with or without line 2', () => {
    expect(deliveryAddressProblem(complete)).toBeNull();
    expect(deliveryAddressProblem({ ...complete, line2: 'Suite 4' })).toBeNull();
  });

  it('names every missing field, in SPEC order, after "Missing information: "', () => {
    expect(deliveryAddressProblem({})).toBe(
      'Missing information: Country, Name, Address Line 1, City, State, Postal Code',
    );
    expect(deliveryAddressProblem({ ...complete, city: '', postal_code: undefined })).toBe(
      'Missing information: City, Postal Code',
    );
  });

  it('treats a blank value as missing', () => {
    expect(deliveryAddressProblem({ ...complete, name: '   ' })).toBe('Missing information: Name');
  });
});
