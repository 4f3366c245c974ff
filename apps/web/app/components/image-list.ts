import type { Image, ImageSlot } from '@barbershop/contract';

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

/** SPEC.md section 5: images must be image files. */
export function isImageFile(file: File): boolean {
  return file.type.startsWith('image/');
}
