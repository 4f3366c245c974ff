import { MAX_UPLOAD_BYTES } from '@barbershop/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { isImageFile, moved, type PickedImage } from './image-list.ts';
import { StoredImage } from './stored-image.tsx';

const iconButton =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded bg-white text-charcoal ring-1 ring-charcoal/30 hover:bg-charcoal hover:text-paper disabled:opacity-40 disabled:hover:bg-white disabled:hover:text-charcoal';

/**
 * Whether the browser can show the file: a text file named `.png` passes the type check, not this,
 * and would only be a broken preview until the server refused it.
 */
async function decodes(file: File): Promise<boolean> {
  if (typeof createImageBitmap !== 'function') return true;
  try {
    (await createImageBitmap(file)).close();
    return true;
  } catch {
    return false;
  }
}

/**
 * The product's images: add several files at once (image files only), see them, put them in order with
 * buttons (so the keyboard can too) and remove them. The first is the one the store shows first.
 */
export function ImagePicker({
  images,
  onChange,
  error,
  legend = 'Images',
  max = 10,
  itemName = 'image',
}: {
  images: PickedImage[];
  onChange: (images: PickedImage[]) => void;
  error?: string | null;
  legend?: string;
  /** How many images it may hold; files beyond that are refused. */
  max?: number;
  /** What one image is called in the buttons' names, e.g. 'gallery image', so two pickers never share one. */
  itemName?: string;
}) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const [announcement, setAnnouncement] = useState('');
  const [refused, setRefused] = useState<string[]>([]);
  const latest = useRef(images);
  latest.current = images;

  // Previews are object URLs: give them back when the form goes away.
  useEffect(
    () => () => {
      for (const image of latest.current) if (image.kind === 'new') URL.revokeObjectURL(image.preview);
    },
    [],
  );

  async function add(files: FileList | null) {
    const chosen = [...(files ?? [])];
    const readable = await Promise.all(
      chosen.map(async (file) => isImageFile(file) && (await decodes(file))),
    );
    // The server refuses a larger file mid-upload, where a browser may see only a dropped connection.
    const tooLarge = chosen.filter((file, index) => readable[index] && file.size > MAX_UPLOAD_BYTES);
    const accepted = chosen.filter((file, index) => readable[index] && file.size <= MAX_UPLOAD_BYTES);
    const notAdded = [
      ...chosen.filter((_, index) => !readable[index]).map((file) => `${file.name} (not an image file)`),
      ...tooLarge.map((file) => `${file.name} (over ${MAX_UPLOAD_BYTES / 1024 / 1024} MB)`),
    ];
    // What the picker holds now: more may have been added while these were decoding.
    const current = latest.current;
    const room = Math.max(0, max - current.length);
    setRefused(accepted.length > room ? [...notAdded, `more than ${max} images`] : notAdded);
    const added = accepted.slice(0, room).map(
      (file): PickedImage => ({
        id: `${file.name}-${file.size}-${file.lastModified}-${Math.random()}`,
        kind: 'new',
        file,
        preview: URL.createObjectURL(file),
      }),
    );
    if (added.length === 0) return;
    onChange([...current, ...added]);
    setAnnouncement(`${added.length} image${added.length === 1 ? '' : 's'} added`);
  }

  function move(from: number, to: number) {
    onChange(moved(images, from, to));
    setAnnouncement(`${itemName} ${from + 1} moved to position ${to + 1}`);
  }

  function remove(index: number) {
    const image = images[index];
    if (image?.kind === 'new') URL.revokeObjectURL(image.preview);
    onChange(images.filter((_, i) => i !== index));
    setAnnouncement(`${itemName} ${index + 1} removed`);
  }

  const problem = refused.length > 0 ? `Not added: ${refused.join(', ')}` : error;
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="font-semibold">{legend}</legend>
      {images.length > 0 && (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {images.map((image, index) => (
            <li key={image.id} className="flex flex-col gap-2 rounded bg-white p-2 ring-1 ring-charcoal/10">
              {image.kind === 'stored' ? (
                <StoredImage
                  image={image.image}
                  alt={`${index + 1} of ${images.length}`}
                  sizes="160px"
                  className="aspect-square w-full rounded object-cover"
                />
              ) : (
                <img
                  src={image.preview}
                  alt={`${index + 1}: ${image.file.name} (new)`}
                  className="aspect-square w-full rounded object-cover"
                />
              )}
              <div className="flex justify-between gap-1">
                <button
                  type="button"
                  className={iconButton}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                  aria-label={`Move ${itemName} ${index + 1} earlier`}
                >
                  <span aria-hidden="true">←</span>
                </button>
                <button
                  type="button"
                  className={iconButton}
                  disabled={index === images.length - 1}
                  onClick={() => move(index, index + 1)}
                  aria-label={`Move ${itemName} ${index + 1} later`}
                >
                  <span aria-hidden="true">→</span>
                </button>
                <button
                  type="button"
                  className={`${iconButton} text-red-800`}
                  onClick={() => remove(index)}
                  aria-label={`Remove ${itemName} ${index + 1}`}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <div>
        <label htmlFor={inputId} className="font-semibold">
          Add {legend.toLowerCase()}
        </label>
        <input
          id={inputId}
          type="file"
          accept="image/*"
          multiple
          aria-describedby={problem ? `${hintId} ${errorId}` : hintId}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => {
            void add(event.currentTarget.files);
            event.currentTarget.value = '';
          }}
          className="mt-1 block min-h-11 w-full text-sm file:mr-3 file:min-h-11 file:rounded file:border-0 file:bg-charcoal file:px-4 file:font-display file:uppercase file:text-paper"
        />
        <p id={hintId} className="mt-1 text-sm text-muted">
          Image files only
          {max > 1 ? `, up to ${max}; choose several at once. The first is shown first.` : '.'}
        </p>
        {problem && (
          <p id={errorId} className="text-sm font-semibold text-red-800">
            {problem}
          </p>
        )}
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </fieldset>
  );
}
