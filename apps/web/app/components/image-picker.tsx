import { IMAGE_TYPES } from '@barbershop/contract';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { type Decoded, imageRefusal, isPickedAlready, moved, type PickedImage } from './image-list.ts';
import { StoredImage } from './stored-image.tsx';

const iconButton =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded bg-white text-charcoal ring-1 ring-charcoal/30 hover:bg-charcoal hover:text-paper disabled:opacity-40 disabled:hover:bg-white disabled:hover:text-charcoal';

/**
 * The file as the browser decodes it: a text file named `.png` passes the type check, not this, and
 * would only be a broken preview until the server refused it. Where the browser cannot decode on its
 * own (no createImageBitmap), the server is left to judge.
 */
async function decode(file: File): Promise<Decoded> {
  if (typeof createImageBitmap !== 'function') return { width: 1, height: 1 };
  try {
    const bitmap = await createImageBitmap(file);
    const { width, height } = bitmap;
    bitmap.close();
    return { width, height };
  } catch {
    return 'unreadable';
  }
}

/** Which control takes focus once the list has changed: a button of one image, or the file input. */
type FocusTarget = { id: string; action: 'earlier' | 'later' | 'remove' } | 'input' | null;

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
  const list = useRef<HTMLFieldSetElement>(null);
  // A moved or removed image's button goes with it (or away): focus follows it, never to the page. Set
  // by a move or removal and taken by the layout effect after the render that shows it.
  const focusNext = useRef<FocusTarget>(null);

  // Previews are object URLs: give them back when the form goes away.
  useEffect(
    () => () => {
      for (const image of latest.current) if (image.kind === 'new') URL.revokeObjectURL(image.preview);
    },
    [],
  );

  useLayoutEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (!target) return;
    if (target === 'input') {
      document.getElementById(inputId)?.focus();
      return;
    }
    const button = (action: string) =>
      list.current?.querySelector<HTMLButtonElement>(
        `[data-image-id="${CSS.escape(target.id)}"] [data-action="${action}"]`,
      );
    const own = button(target.action);
    // At an end of the list its own direction is disabled: the other way is the one left.
    (own?.disabled ? button(target.action === 'earlier' ? 'later' : 'earlier') : own)?.focus();
  });

  async function add(files: FileList | null) {
    const chosen = [...(files ?? [])];
    const reasons = await Promise.all(chosen.map((file) => imageRefusal(file, decode)));
    // What the picker holds now: more may have been added while these were decoding.
    const current = latest.current;
    const notAdded: string[] = [];
    const accepted: File[] = [];
    chosen.forEach((file, index) => {
      const reason = reasons[index] ?? (isPickedAlready(current, file) ? 'added already' : null);
      if (reason) notAdded.push(`${file.name} (${reason})`);
      else accepted.push(file);
    });
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
    const image = images[from];
    if (image) focusNext.current = { id: image.id, action: to < from ? 'earlier' : 'later' };
    onChange(moved(images, from, to));
    setAnnouncement(`${itemName} ${from + 1} moved to position ${to + 1}`);
  }

  function remove(index: number) {
    const image = images[index];
    if (image?.kind === 'new') URL.revokeObjectURL(image.preview);
    // The next image's Remove, else the one before's, else the file input: where a keyboard user was.
    const neighbour = images[index + 1] ?? images[index - 1];
    focusNext.current = neighbour ? { id: neighbour.id, action: 'remove' } : 'input';
    onChange(images.filter((_, i) => i !== index));
    setAnnouncement(`${itemName} ${index + 1} removed`);
  }

  const problem = refused.length > 0 ? `Not added: ${refused.join(', ')}` : error;
  return (
    <fieldset ref={list} className="flex flex-col gap-3">
      <legend className="font-semibold">{legend}</legend>
      {images.length > 0 && (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {images.map((image, index) => (
            <li
              key={image.id}
              data-image-id={image.id}
              className="flex flex-col gap-2 rounded bg-white p-2 ring-1 ring-charcoal/10"
            >
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
              {/* Three 44 px buttons are wider than a card at 320 px (400% zoom): Remove wraps below. */}
              <div className="flex flex-wrap justify-between gap-1">
                <button
                  type="button"
                  className={iconButton}
                  disabled={index === 0}
                  data-action="earlier"
                  onClick={() => move(index, index - 1)}
                  aria-label={`Move ${itemName} ${index + 1} earlier`}
                >
                  <span aria-hidden="true">←</span>
                </button>
                <button
                  type="button"
                  className={iconButton}
                  disabled={index === images.length - 1}
                  data-action="later"
                  onClick={() => move(index, index + 1)}
                  aria-label={`Move ${itemName} ${index + 1} later`}
                >
                  <span aria-hidden="true">→</span>
                </button>
                <button
                  type="button"
                  className={`${iconButton} text-red-800`}
                  onClick={() => remove(index)}
                  data-action="remove"
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
          accept={IMAGE_TYPES.join(',')}
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
          JPEG, PNG, WebP, AVIF or GIF
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
