import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import {
  IMAGE_TOO_LARGE,
  type Image,
  MAX_IMAGE_ASPECT_RATIO,
  MAX_IMAGE_PIXELS,
  MAX_UPLOAD_BYTES,
} from '@barbershop/contract';
import type { Metadata } from 'sharp';
import { AppError } from '../../plugins/errors.ts';
import type { MediaStorage } from './media.storage.ts';

/** Widths of every stored rendition; pages pick one through srcset. */
export const IMAGE_WIDTHS = [320, 640, 1280] as const;
// sharp reports AVIF as 'heif'.
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif', 'gif']);
const NOT_AN_IMAGE = 'That file is not an image we can read (JPEG, PNG, WebP, AVIF or GIF).';

async function sizeOf(input: Buffer | string): Promise<number> {
  return typeof input === 'string' ? (await stat(input)).size : input.length;
}

async function hashOf(input: Buffer | string): Promise<string> {
  const hash = createHash('sha256');
  if (typeof input === 'string') for await (const chunk of createReadStream(input)) hash.update(chunk);
  else hash.update(input);
  return hash.digest('hex').slice(0, 20);
}

/**
 * Decodes an image by its content (never its name), strips metadata (EXIF, GPS) and stores WebP
 * renditions at each width. The input is a buffer or the path of a file (uploads are streamed to
 * disk first, so a large upload is never held in memory whole). Returns the media key; the same
 * image stored twice gets the same key. `touch`, when given, is told the key before its files are
 * looked for (uploads queue it for the media sweep: see queueForSweep).
 */
export function storeImage(
  storage: MediaStorage,
  input: Buffer | string,
  touch?: (key: string) => Promise<void>,
): Promise<string> {
  return inTurn(() => processImage(storage, input, touch));
}

/** The media key of an image: its content's hash, so a URL never changes meaning. */
export async function imageKeyOf(input: Buffer | string): Promise<string> {
  return `images/${await hashOf(input)}`;
}

// Images are processed one at a time on one libvips thread, whoever sends them: a burst of large
// uploads (each staff member may send 30 saves of 10 images a minute) then takes one core and slows
// other uploads, not the pages customers are loading.
let lastJob: Promise<unknown> = Promise.resolve();
function inTurn<T>(job: () => Promise<T>): Promise<T> {
  const turn = lastJob.then(job, job);
  lastJob = turn.catch(() => undefined);
  return turn;
}

// libvips is native code and megabytes of memory that only an upload needs: loaded by the first one.
let loaded: Promise<typeof import('sharp').default> | undefined;
function loadSharp() {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(1);
    return sharp;
  });
  return loaded;
}

async function processImage(
  storage: MediaStorage,
  input: Buffer | string,
  touch?: (key: string) => Promise<void>,
): Promise<string> {
  const sharp = await loadSharp();
  if ((await sizeOf(input)) > MAX_UPLOAD_BYTES) throw new AppError('payload_too_large', IMAGE_TOO_LARGE);
  let metadata: Metadata;
  try {
    // Reading the header decodes no pixels, so the limit is checked below with a clear answer.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('unsupported_media_type', NOT_AN_IMAGE);
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) {
    throw new AppError('unsupported_media_type', NOT_AN_IMAGE);
  }
  // Checked before decoding: the header alone says how much memory the pixels would take.
  if (metadata.width * metadata.height > MAX_IMAGE_PIXELS) {
    throw new AppError('payload_too_large', 'Images must be 40 megapixels or smaller.');
  }
  const [short, long] = [metadata.width, metadata.height].sort((a, b) => a - b) as [number, number];
  if (long > short * MAX_IMAGE_ASPECT_RATIO) {
    throw new AppError(
      'bad_request',
      `An image's long side may be at most ${MAX_IMAGE_ASPECT_RATIO} times its short side.`,
    );
  }
  const key = await imageKeyOf(input);
  await touch?.(key);
  if (await storage.exists(renditionKey(key, IMAGE_WIDTHS[2]))) return key;
  // Decoded once, at the largest width: the smaller renditions are made from those pixels rather than
  // by decoding the upload again (a 24-megapixel PNG cannot shrink while it loads).
  let largest: { data: Buffer; info: { width: number; height: number; channels: 1 | 2 | 3 | 4 } };
  try {
    largest = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize({ width: IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1], withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    // A header that reads well over a body that does not (truncated, or a codec we lack).
    throw new AppError('unsupported_media_type', NOT_AN_IMAGE);
  }
  const { width: fullWidth, height, channels } = largest.info;
  for (const width of IMAGE_WIDTHS) {
    const body = await sharp(largest.data, { raw: { width: fullWidth, height, channels } })
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
