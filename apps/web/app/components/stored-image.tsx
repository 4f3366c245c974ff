import type { Image } from '@barbershop/contract';

type StoredImageProps = Omit<React.ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'alt'> & {
  image: Image;
  /** Overrides the image's own text, e.g. '' where a caption beside it already names it. */
  alt?: string;
};

/**
 * An image the server stored: all its renditions in srcset so the browser fetches the width it needs
 * (the placeholder has none), decoded off the main thread.
 */
export function StoredImage({ image, alt = image.alt, ...rest }: StoredImageProps) {
  return <img src={image.src} srcSet={image.srcSet || undefined} alt={alt} decoding="async" {...rest} />;
}
