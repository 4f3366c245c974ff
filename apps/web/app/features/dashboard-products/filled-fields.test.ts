import { describe, expect, it } from 'vitest';
import { filledFields } from './filled-fields.ts';

describe("an edit's fields", () => {
  it('leaves out the emptied ones, so the product keeps them', () => {
    expect(filledFields({ name: '  ', description: 'New words.', pricing: '', category: 'Hats' })).toEqual({
      description: 'New words.',
      category: 'Hats',
    });
  });
});
