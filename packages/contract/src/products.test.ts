import { describe, expect, it } from 'vitest';
import { CreateProductSchema } from './products.ts';

const form = { name: 'Logo Hoodie', description: 'Heavy fleece.', pricing: '55', category: 'Hoodies' };

describe('a product form', () => {
  it('reads size counts as typed decimals: anything else, hex and exponents too, is 0 (SPEC.md section 5)', () => {
    const parsed = CreateProductSchema.parse({
      ...form,
      sizes: { Small: ' 7 ', Medium: '0x10', Large: '1e3', 'Extra-Large': 'lots' },
    });
    expect(parsed.sizes).toEqual({ Small: 7, Medium: 0, Large: 0, 'Extra-Large': 0 });
  });
});
