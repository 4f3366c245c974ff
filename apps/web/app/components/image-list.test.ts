import { describe, expect, it } from 'vitest';
import {
  imageRefusal,
  imageSlots,
  isPickedAlready,
  moved,
  type PickedImage,
  storedImages,
} from './image-list.ts';

const stored = (key: string): PickedImage => ({
  id: key,
  kind: 'stored',
  key,
  image: { src: `/media/${key}-640.webp`, srcSet: '', alt: '' },
});
const picked = (name: string): PickedImage => ({
  id: name,
  kind: 'new',
  file: new File(['x'], name, { type: 'image/png' }),
  preview: `blob:${name}`,
});

describe('product images in the form', () => {
  it('pairs each stored image with its media key', () => {
    const image = { src: '/media/images/aaaaaaaaaaaaaaaaaaaa-640.webp', srcSet: '', alt: '' };
    expect(storedImages([image], ['images/aaaaaaaaaaaaaaaaaaaa'])).toEqual([
      { id: 'images/aaaaaaaaaaaaaaaaaaaa', kind: 'stored', key: 'images/aaaaaaaaaaaaaaaaaaaa', image },
    ]);
  });

  it('moves one image and keeps the others in order', () => {
    expect(moved(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });

  it('names kept images by key and new ones by their place among the uploaded files', () => {
    const a = stored('images/aaaaaaaaaaaaaaaaaaaa');
    const one = picked('one.png');
    const two = picked('two.png');
    const { slots, files } = imageSlots([one, a, two]);
    expect(slots).toEqual([{ upload: 0 }, { key: 'images/aaaaaaaaaaaaaaaaaaaa' }, { upload: 1 }]);
    expect(files.map((file) => file.name)).toEqual(['one.png', 'two.png']);
  });
});

describe('a chosen file the server would refuse', () => {
  const file = (type: string, bytes = 10, name = 'photo') =>
    new File([new Uint8Array(bytes)], name, { type });
  const decodedAs = (width: number, height: number) => async () => ({ width, height });
  const unreadable = async () => 'unreadable' as const;

  it('takes a JPEG, PNG, WebP, AVIF or GIF the browser can decode, within the limits', async () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif']) {
      expect(await imageRefusal(file(type), decodedAs(4000, 3000))).toBeNull();
    }
    expect(await imageRefusal(file('image/png'), decodedAs(8000, 5000))).toBeNull();
    expect(await imageRefusal(file('image/png'), decodedAs(10_000, 1000))).toBeNull();
  });

  it('says why it refuses the others, as the server would', async () => {
    expect(await imageRefusal(file('text/plain'), decodedAs(1, 1))).toBe('not an image file');
    expect(await imageRefusal(file('image/png'), unreadable)).toBe('not an image file');
    expect(await imageRefusal(file('image/bmp'), decodedAs(1, 1))).toBe('not JPEG, PNG, WebP, AVIF or GIF');
    expect(await imageRefusal(file('image/heic'), decodedAs(1, 1))).toBe('not JPEG, PNG, WebP, AVIF or GIF');
    expect(await imageRefusal(file('image/jpeg', 10 * 1024 * 1024 + 1), decodedAs(1, 1))).toBe('over 10 MB');
    expect(await imageRefusal(file('image/jpeg'), decodedAs(8000, 5001))).toBe('over 40 megapixels');
    expect(await imageRefusal(file('image/jpeg'), decodedAs(1000, 10_001))).toBe(
      'long side over 10 times the short side',
    );
  });

  it('decodes only a file of the right type and size', async () => {
    let decoded = 0;
    const counting = async () => {
      decoded += 1;
      return { width: 1, height: 1 };
    };
    await imageRefusal(file('image/bmp'), counting);
    await imageRefusal(file('image/png', 10 * 1024 * 1024 + 1), counting);
    expect(decoded).toBe(0);
  });

  it('knows the same file chosen again', () => {
    const chosen = new File(['x'], 'red.png', { type: 'image/png', lastModified: 1 });
    const images: PickedImage[] = [{ id: '1', kind: 'new', file: chosen, preview: 'blob:1' }];
    expect(isPickedAlready(images, new File(['x'], 'red.png', { type: 'image/png', lastModified: 1 }))).toBe(
      true,
    );
    expect(isPickedAlready(images, new File(['x'], 'red.png', { type: 'image/png', lastModified: 2 }))).toBe(
      false,
    );
  });
});
