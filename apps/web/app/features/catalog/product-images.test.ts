import { describe, expect, it } from 'vitest';
import { isSoldOut, productImages } from './product-images.ts';

describe('isSoldOut', () => {
  it('is true only when every size is at 0', () => {
    expect(isSoldOut({ stock: [{ size: 'Small', quantity: 0 }] })).toBe(true);
    expect(
      isSoldOut({
        stock: [
          { size: 'Small', quantity: 0 },
          { size: 'Large', quantity: 1 },
        ],
      }),
    ).toBe(false);
    expect(isSoldOut({ stock: [] })).toBe(true);
  });
});

describe('productImages', () => {
  it("gives the product's images, or the placeholder named after the product", () => {
    const image = { src: '/media/a.webp', srcSet: '', alt: 'Cap' };
    expect(productImages({ name: 'Cap', images: [image] })).toEqual([image]);
    expect(productImages({ name: 'Cap', images: [] })).toEqual([
      { src: '/placeholder.svg', srcSet: '', alt: 'Cap' },
    ]);
  });
});
