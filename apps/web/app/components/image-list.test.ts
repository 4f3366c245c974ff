import { describe, expect, it } from 'vitest';
import { imageSlots, moved, type PickedImage, storedImages } from './image-list.ts';

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
