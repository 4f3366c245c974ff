import { describe, expect, it } from 'vitest';
import { CreateProductSchema, UpdateProductSchema } from './products.ts';

const form = { name: 'Logo Hoodie', description: 'Heavy fleece.', pricing: '55', category: 'Hoodies' };

describe('a product form', () => {
  it('reads size counts as typed decimals: anything else, hex and exponents too, is 0 (SPEC.md section 5)', () => {
    const parsed = CreateProductSchema.parse({
      ...form,
      sizes: { Small: ' 7 ', Medium: '0x10', Large: '1e3', 'Extra-Large': 'lots' },
    });
    expect(parsed.sizes).toEqual({ Small: 7, Medium: 0, Large: 0, 'Extra-Large': 0 });
  });

  it('refuses a count below 0 beside its size, rather than reading it as 0, which would empty the size', () => {
    const refused = UpdateProductSchema.safeParse({ version: 3, sizes: { Small: '4', Medium: '-1' } });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues).toMatchObject([
      { path: ['sizes', 'Medium'], message: 'Stock cannot be below 0: type how many are left to sell' },
    ]);
    expect(CreateProductSchema.safeParse({ ...form, sizes: { Large: -2 } }).success).toBe(false);
    // Less than one below 0 is no unit: 0.
    expect(UpdateProductSchema.parse({ version: 3, sizes: { Small: '-0.5' } }).sizes).toEqual({ Small: 0 });
  });
});

describe("a product's text", () => {
  it('takes a name as one line, however it was pasted: spaces, tabs and line breaks one space, accents composed', () => {
    const parsed = CreateProductSchema.parse({ ...form, name: '  Zoe\u0308\u00a0Logo \t Hoodie\n ' });
    expect(parsed.name).toBe('Zo\u00eb Logo Hoodie');
  });

  it('keeps the lines of a description, composed and trimmed', () => {
    const parsed = CreateProductSchema.parse({
      ...form,
      description: ' Cafe\u0301 fleece.\n\n  Wash cold. \n',
    });
    expect(parsed.description).toBe('Caf\u00e9 fleece.\n\n  Wash cold.');
  });

  it('counts a name composed against its limit: 80 letters with accents sent as marks fit', () => {
    const name = 'e\u0301'.repeat(80);
    expect(CreateProductSchema.parse({ ...form, name }).name).toBe('\u00e9'.repeat(80));
  });
});
