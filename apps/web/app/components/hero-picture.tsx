/**
 * The shop's hero photo behind a banner: a narrow crop up to 576 px wide (SPEC.md section 9), the wide
 * one above. Decorative, so no alt text; the banner's own text says what matters.
 */
export function HeroPicture({ className }: { className: string }) {
  return (
    <picture>
      <source
        media="(max-width: 576px)"
        srcSet="/images/hero-narrow-720.webp 720w, /images/hero-narrow.webp 1080w"
        sizes="100vw"
        width={1080}
        height={1400}
      />
      <img
        src="/images/hero-wide-1200.webp"
        srcSet="/images/hero-wide-1200.webp 1200w, /images/hero-wide.webp 2400w"
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
