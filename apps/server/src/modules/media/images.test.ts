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

  it('stores an image ten times as tall as it is wide, the most it takes, at every width', async () => {
    const media = storage();
    const tall = await sharp({ create: { width: 1300, height: 13_000, channels: 3, background: '#335' } })
      .png()
      .toBuffer();
    const key = await storeImage(media, tall);
    const largest = await sharp((await media.get(renditionKey(key, 1280)))!).metadata();
    expect([largest.width, largest.height]).toEqual([1280, 12_800]);
  });

  it('turns a photo upright by its orientation and keeps transparency, at every width', async () => {
    const media = storage();
    // Taken with the camera on its side: 1600 x 1000 pixels, to be shown 1000 wide and 1600 tall.
    const sideways = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#222' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const upright = await storeImage(media, sideways);
    const logo = await sharp({
      create: { width: 700, height: 350, channels: 4, background: { r: 184, g: 137, b: 59, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const clear = await storeImage(media, logo);
    for (const width of IMAGE_WIDTHS) {
      const photo = await sharp((await media.get(renditionKey(upright, width)))!).metadata();
      expect([photo.width, photo.height]).toEqual([
        Math.min(width, 1000),
        Math.round(Math.min(width, 1000) * 1.6),
      ]);
      const mark = await sharp((await media.get(renditionKey(clear, width)))!).metadata();
      expect([mark.width, mark.height, mark.hasAlpha]).toEqual([
        Math.min(width, 700),
        Math.min(width, 700) / 2,
        true,
      ]);
    }
  });

  it('processes one image at a time, whoever sends it', async () => {
    const stored: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const media = storage();
    // The first image's first rendition is held while being stored: the second waits for all of it.
    const slow = {
      ...media,
      put: async (key: string, body: Buffer, type: string) => {
        stored.push(key);
        if (stored.length === 1) await held;
        return media.put(key, body, type);
      },
    };
    const first = storeImage(slow, await jpegWithExif(300, 200));
    const second = storeImage(slow, await jpegWithExif(200, 300));
    await expect.poll(() => stored.length).toBe(1);
    // What is checked is that nothing happens: the second image (a few milliseconds of work) is given
    // ample time to be stored out of turn, as it was before images took turns.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(stored).toHaveLength(1);
    release();
    const keys = await Promise.all([first, second]);
    expect(stored).toEqual(keys.flatMap((key) => IMAGE_WIDTHS.map((width) => renditionKey(key, width))));
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
