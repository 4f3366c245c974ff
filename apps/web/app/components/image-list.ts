import {
  IMAGE_TYPES,
  type Image,
  type ImageSlot,
  MAX_IMAGE_ASPECT_RATIO,
  MAX_IMAGE_PIXELS,
  MAX_UPLOAD_BYTES,
} from '@barbershop/contract';

/** One image of the form: one the server keeps (by its media key) or a file chosen here. */
export type PickedImage =
  | { id: string; kind: 'stored'; key: string; image: Image }
  | { id: string; kind: 'new'; file: File; preview: string };

/** The product's images with their media keys (the API sends both lists in the same order). */
export function storedImages(images: Image[], keys: string[]): PickedImage[] {
  return keys.flatMap((key, index) => {
    const image = images[index];
    return image ? [{ id: key, kind: 'stored' as const, key, image }] : [];
  });
}

/** The list moved one place: `from` goes to `to`, the rest keep their order. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/**
 * What the API needs to save the images in this order (ImageSlot, contract/products.ts): kept images
 * by key, new ones by their place among the uploaded files, which are sent in that order.
 */
export function imageSlots(
  images: readonly PickedImage[],
  /** Files already sent before these (another picker's), so upload numbers continue after them. */
  offset = 0,
): { slots: ImageSlot[]; files: File[] } {
  const files: File[] = [];
  const slots = images.map((picked): ImageSlot => {
    if (picked.kind === 'stored') return { key: picked.key };
    files.push(picked.file);
    return { upload: offset + files.length - 1 };
  });
  return { slots, files };
}

/** A chosen file's size in pixels as the browser decoded it; 'unreadable' when it could not. */
export type Decoded = { width: number; height: number } | 'unreadable';

/**
 * Why the server would refuse this file (SPEC.md section 5: image files only), said as it is chosen
 * rather than after the whole form is sent; null when it would take it. Only a file of the right type
 * and size is decoded.
 */
export async function imageRefusal(
  file: File,
  decode: (file: File) => Promise<Decoded>,
): Promise<string | null> {
  if (!file.type.startsWith('image/')) return 'not an image file';
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'not JPEG, PNG, WebP, AVIF or GIF';
  // The server refuses a larger file mid-upload, where a browser may see only a dropped connection.
  if (file.size > MAX_UPLOAD_BYTES) return `over ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`;
  const decoded = await decode(file);
  if (decoded === 'unreadable') return 'not an image file';
  const { width, height } = decoded;
  if (width * height > MAX_IMAGE_PIXELS) return `over ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`;
  if (Math.max(width, height) > Math.min(width, height) * MAX_IMAGE_ASPECT_RATIO) {
    return `long side over ${MAX_IMAGE_ASPECT_RATIO} times the short side`;
  }
  return null;
}

/** Whether `file` is one already picked (the same file chosen again), by what the browser knows of it. */
export function isPickedAlready(images: readonly PickedImage[], file: File): boolean {
  return images.some(
    (image) =>
      image.kind === 'new' &&
      image.file.name === file.name &&
      image.file.size === file.size &&
      image.file.lastModified === file.lastModified,
  );
}
