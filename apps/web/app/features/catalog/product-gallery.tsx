import type { Image } from '@barbershop/contract';
import { useRef, useState } from 'react';
import { StoredImage } from '../../components/stored-image.tsx';

/**
 * The product page's large image with clickable thumbnails (SPEC.md section 2). Thumbnails are buttons,
 * so Tab, Enter and Space work; the arrow keys, Home and End move between them as well.
 */
export function ProductGallery({ images, name }: { images: Image[]; name: string }) {
  const [selected, setSelected] = useState(0);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = images[selected] ?? images[0];

  function onKeyDown(event: React.KeyboardEvent) {
    const last = images.length - 1;
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? selected === last
          ? 0
          : selected + 1
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? selected === 0
            ? last
            : selected - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setSelected(next);
    thumbs.current[next]?.focus();
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="aspect-square overflow-hidden rounded-lg bg-white ring-1 ring-charcoal/10">
        {/* Whole, whatever its shape (a phone's upright photo, a wide shot of a set), on white: the
            page where a customer looks the product over is the one place that shows all of it. */}
        {current && (
          <StoredImage
            image={current}
            sizes="(min-width: 1024px) 560px, (min-width: 768px) 50vw, 100vw"
            width={1280}
            height={1280}
            fetchPriority="high"
            className="h-full w-full object-contain"
          />
        )}
      </div>
      {images.length > 1 && (
        <ul aria-label={`Pictures of ${name}`} className="flex flex-wrap gap-2" onKeyDown={onKeyDown}>
          {images.map((image, index) => (
            <li key={image.src}>
              <button
                ref={(element) => {
                  thumbs.current[index] = element;
                }}
                type="button"
                aria-pressed={index === selected}
                aria-label={`Show picture ${index + 1} of ${images.length}: ${image.alt || name}`}
                onClick={() => setSelected(index)}
                className={`block h-16 w-16 overflow-hidden rounded ring-2 sm:h-20 sm:w-20 ${
                  // Forced colours drop rings (shadows): a border in the selection colour marks the shown one.
                  index === selected
                    ? 'ring-brass forced-colors:border-4 forced-colors:border-[Highlight]'
                    : 'ring-transparent hover:ring-charcoal/30'
                }`}
              >
                <StoredImage
                  image={image}
                  alt=""
                  sizes="80px"
                  width={80}
                  height={80}
                  loading="lazy"
                  className="h-full w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
