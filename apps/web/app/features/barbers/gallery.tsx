import type { Image } from '@barbershop/contract';

/** The barber's six photos of their work, loaded only as they scroll into view. */
export function Gallery({ images, labelledBy }: { images: Image[]; labelledBy: string }) {
  if (images.length === 0) return null;
  return (
    <ul aria-labelledby={labelledBy} className="grid grid-cols-2 gap-2 sm:grid-cols-3">
      {images.map((image) => (
        <li key={image.src}>
          <img
            src={image.src}
            srcSet={image.srcSet || undefined}
            sizes="(min-width: 1024px) 240px, (min-width: 640px) 33vw, 50vw"
            alt={image.alt}
            width={1200}
            height={900}
            loading="lazy"
            decoding="async"
            className="aspect-[4/3] w-full rounded object-cover"
          />
        </li>
      ))}
    </ul>
  );
}
