import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_UPLOAD_BYTES } from '@barbershop/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../plugins/errors.ts';
import { IMAGE_WIDTHS, imageFromKey, renditionKey, storeImage } from './images.ts';
import { localMediaStorage } from './media.storage.ts';

const storage = () => localMediaStorage(mkdtempSync(join(tmpdir(), 'media-test-')));

async function jpegWithExif(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: '#b8893b' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'secret-owner', Artist: 'someone' } })
    .toBuffer();
}

describe('storeImage', () => {
  it('stores WebP renditions at each width without enlarging or keeping metadata', async () => {
    const media = storage();
    const key = await storeImage(media, await jpegWithExif(900, 600));
    for (const width of IMAGE_WIDTHS) {
      const body = await media.get(renditionKey(key, width));
      expect(body).not.toBeNull();
      const meta = await sharp(body!).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(Math.min(width, 900));
      expect(meta.exif).toBeUndefined();
    }
  });

  it('gives the same image the same key', async () => {
    const media = storage();
    const image = await jpegWithExif(400, 400);
    expect(await storeImage(media, image)).toBe(await storeImage(media, image));
  });

  it('judges by content: text named like an image is refused with 415', async () => {
    const error = await storeImage(storage(), Buffer.from('<?php echo "hi"; ?>')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('unsupported_media_type');
  });

  it('refuses files over the size limit with 413', async () => {
    const error = await storeImage(storage(), Buffer.alloc(MAX_UPLOAD_BYTES + 1)).catch((e: unknown) => e);
    expect((error as AppError).code).toBe('payload_too_large');
  });
});

describe('imageFromKey', () => {
  it('describes every rendition in srcset', () => {
    expect(imageFromKey('images/abc', 'A hat')).toEqual({
      src: '/media/images/abc-640.webp',
      srcSet:
        '/media/images/abc-320.webp 320w, /media/images/abc-640.webp 640w, /media/images/abc-1280.webp 1280w',
      alt: 'A hat',
    });
  });
  it('falls back to the placeholder', () => {
    expect(imageFromKey(null, 'A hat').src).toBe('/placeholder.svg');
  });
});
