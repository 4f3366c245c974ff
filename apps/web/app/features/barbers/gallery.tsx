import type { Image } from '@barbershop/contract';
import { StoredImage } from '../../components/stored-image.tsx';

/**
 * The barber's six photos of their work, loaded only as they scroll into view. Each is shown whole in
 * its tile: cropped to the middle, an upright phone photo lost the top of the cut and the neckline,
 * and the page has nowhere else to see it.
 */
export function Gallery({ images, labelledBy }: { images: Image[]; labelledBy: string }) {
  if (images.length === 0) return null;
  return (
    <ul aria-labelledby={labelledBy} className="grid grid-cols-2 gap-2 sm:grid-cols-3">
      {images.map((image) => (
        <li key={image.src}>
          <StoredImage
            image={image}
            sizes="(min-width: 1024px) 240px, (min-width: 640px) 33vw, 50vw"
            width={1200}
            height={900}
            loading="lazy"
            className="aspect-[4/3] w-full rounded bg-white object-contain ring-1 ring-charcoal/10"
          />
        </li>
      ))}
    </ul>
  );
}
