import { preload } from 'react-dom';
// Imported, not in public/: the build gives them content-hashed names, cached as immutable.
import heroNarrow from '../assets/images/hero-narrow.webp?url';
import heroNarrow720 from '../assets/images/hero-narrow-720.webp?url';
import heroWide from '../assets/images/hero-wide.webp?url';
import heroWide1200 from '../assets/images/hero-wide-1200.webp?url';

export { heroWide1200 };

const NARROW = '(max-width: 576px)';
const narrowSrcSet = `${heroNarrow720} 720w, ${heroNarrow} 1080w`;
const wideSrcSet = `${heroWide1200} 1200w, ${heroWide} 2400w`;

/**
 * The shop's hero photo behind a banner: a narrow crop up to 576 px wide (SPEC.md section 9), the wide
 * one above. Decorative, so no alt text; the banner's own text says what matters.
 */
export function HeroPicture({ className }: { className: string }) {
  // The largest paint of the pages that show it: asked for from the head, ahead of the scripts,
  // each crop only where it is the one shown.
  const image = { as: 'image', imageSizes: '100vw', fetchPriority: 'high' } as const;
  preload(heroNarrow720, { ...image, imageSrcSet: narrowSrcSet, media: NARROW });
  preload(heroWide1200, { ...image, imageSrcSet: wideSrcSet, media: 'not all and (max-width: 576px)' });
  return (
    <picture>
      <source media={NARROW} srcSet={narrowSrcSet} sizes="100vw" width={1080} height={1400} />
      <img
        src={heroWide1200}
        srcSet={wideSrcSet}
        sizes="100vw"
        width={2400}
        height={1100}
        alt=""
        fetchPriority="high"
        className={className}
      />
    </picture>
  );
}
