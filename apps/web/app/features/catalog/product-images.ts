import type { CatalogProduct, Image } from '@barbershop/contract';

const PLACEHOLDER = '/placeholder.svg';

/** A product's images, or the default placeholder when it has none (SPEC.md section 3). */
export function productImages(product: Pick<CatalogProduct, 'name' | 'images'>): [Image, ...Image[]] {
  const [first, ...rest] = product.images;
  return first ? [first, ...rest] : [{ src: PLACEHOLDER, srcSet: '', alt: product.name }];
}

/** True when every size is at 0: nothing of the product can be bought. */
export function isSoldOut(product: Pick<CatalogProduct, 'stock'>): boolean {
  return product.stock.every((entry) => entry.quantity === 0);
}
