import { createHash } from 'node:crypto';
import type { Image } from '@barbershop/contract';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../plugins/errors.ts';
import type { MediaStorage } from './media.storage.ts';

/** Widths of every stored rendition; pages pick one through srcset. */
export const IMAGE_WIDTHS = [320, 640, 1280] as const;
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const MAX_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'avif', 'gif', 'tiff', 'heif']);

/**
 * Decodes an image by its content (never its name), strips metadata and stores WebP renditions at
 * each width. Returns the media key; the same image stored twice gets the same key.
 */
export async function storeImage(storage: MediaStorage, input: Buffer): Promise<string> {
  if (input.length > MAX_UPLOAD_BYTES)
    throw new AppError('payload_too_large', 'Images must be 10 MB or smaller.');
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw new AppError(
      'unsupported_media_type',
      'That file is not an image we can read (JPEG, PNG, WebP, AVIF or GIF).',
    );
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) {
    throw new AppError(
      'unsupported_media_type',
      'That file is not an image we can read (JPEG, PNG, WebP, AVIF or GIF).',
    );
  }
  const key = `images/${createHash('sha256').update(input).digest('hex').slice(0, 20)}`;
  if (await storage.exists(renditionKey(key, IMAGE_WIDTHS[2]))) return key;
  for (const width of IMAGE_WIDTHS) {
    const body = await sharp(input, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer();
    await storage.put(renditionKey(key, width), body, 'image/webp');
  }
  return key;
}

export function renditionKey(key: string, width: number): string {
  return `${key}-${width}.webp`;
}

/** The default placeholder image, for a product or barber without one (SPEC.md section 3). */
export const PLACEHOLDER_IMAGE = '/placeholder.svg';

/** What the API sends for a stored image: the largest rendition and a srcset of all. */
export function imageFromKey(key: string | null | undefined, alt: string): Image {
  if (!key) return { src: PLACEHOLDER_IMAGE, srcSet: '', alt };
  return {
    src: `/media/${renditionKey(key, IMAGE_WIDTHS[1])}`,
    srcSet: IMAGE_WIDTHS.map((w) => `/media/${renditionKey(key, w)} ${w}w`).join(', '),
    alt,
  };
}
