import type { Image } from '@barbershop/contract';

/** The stand-in the API gives a product or barber without a picture of their own. */
export const PLACEHOLDER_IMAGE = '/placeholder.svg';

/**
 * Pictures of the thing itself, without the placeholder: link previews and search engines should show
 * no picture rather than a stand-in (an SVG, which previews refuse).
 */
export function ownPhotos(images: readonly Image[]): Image[] {
  return images.filter((image) => image.src !== PLACEHOLDER_IMAGE);
}
