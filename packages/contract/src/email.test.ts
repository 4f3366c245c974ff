import { describe, expect, it } from 'vitest';
import { ContactEmailSchema } from './email.ts';

const message = (input: string) => ContactEmailSchema.safeParse(input).error?.issues[0]?.message;

describe('a contact email', () => {
  it('says an empty one is required, and a malformed one is not valid', () => {
    expect(message('')).toBe('Email is required');
    expect(message('shop at example.com')).toBe('Email is not valid');
    expect(message('shop@example.com')).toBeUndefined();
  });
});
