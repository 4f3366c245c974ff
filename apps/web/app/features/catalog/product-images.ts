import type { CatalogProduct, Image } from '@barbershop/contract';
import { ownPhotos, PLACEHOLDER_IMAGE } from '../../lib/own-photos.ts';

/** A product's images, or the default placeholder when it has none (SPEC.md section 3). */
export function productImages(product: Pick<CatalogProduct, 'name' | 'images'>): [Image, ...Image[]] {
  const [first, ...rest] = product.images;
  return first ? [first, ...rest] : [{ src: PLACEHOLDER_IMAGE, srcSet: '', alt: product.name }];
}

/**
 * A product's own pictures, without the placeholder the API gives one that has none: link previews
 * and search engines should show no picture rather than a stand-in (an SVG, which previews refuse).
 */
export function productPhotos(product: Pick<CatalogProduct, 'images'>): Image[] {
  return ownPhotos(product.images);
}

/** True when every size is at 0: nothing of the product can be bought. */
export function isSoldOut(product: Pick<CatalogProduct, 'stock'>): boolean {
  return product.stock.every((entry) => entry.quantity === 0);
}
