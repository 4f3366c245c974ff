/**
 * The sample artwork of the seed: barber portraits and galleries, product shots and the home
 * banner, drawn as SVG and rasterised with sharp. Everything is deterministic, so a re-seed
 * produces the same images (and the media store the same keys).
 */
import sharp from 'sharp';
import { GALLERY_COUNT, gallerySvg } from './art/gallery.ts';
import { type BarberLook, portraitSvg } from './art/portrait.ts';
import { type ProductLook, type ProductView, productSvg } from './art/products.ts';
import { PALETTE } from './art/svg.ts';

export type { HeroFormat } from './art/hero.ts';
export { HERO_SIZE, heroSvg } from './art/hero.ts';
export type { BarberLook } from './art/portrait.ts';
export type { ProductLook, ProductView } from './art/products.ts';
export { GALLERY_COUNT };

/** Rasterises a drawing; PNG at low compression because the server re-encodes everything to WebP. */
export function renderPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}

/** A barber's profile picture (800 x 1000), so each sample barber has a recognisable face. */
export function renderBarberPortrait(look: BarberLook): Promise<Buffer> {
  return renderPng(portraitSvg(look));
}

/** One of a barber's six gallery pictures (1200 x 900); `seed` varies the details between barbers. */
export function renderGalleryImage(look: BarberLook, index: number, seed: number): Promise<Buffer> {
  return renderPng(gallerySvg(look, index, seed));
}

/** A product shot (1200 x 1200) for the store: front, back or a close-up of the logo. */
export function renderProductImage(look: ProductLook, view: ProductView): Promise<Buffer> {
  return renderPng(productSvg(look, view));
}

/** The browser tab icon: a barber pole on charcoal, legible at 16 px. */
export function faviconSvg(): string {
  const { charcoal, paper, brass } = PALETTE;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img" aria-label="Barber pole">',
    '<title>Barber pole</title>',
    `<rect width="64" height="64" rx="14" fill="${charcoal}"/>`,
    '<clipPath id="p"><rect x="24" y="16" width="16" height="32"/></clipPath>',
    `<rect x="24" y="16" width="16" height="32" fill="${paper}"/>`,
    `<g clip-path="url(#p)" fill="${brass}">`,
    '<path d="M24,14 L40,4 V11 L24,21 Z M24,26 L40,16 V23 L24,33 Z M24,38 L40,28 V35 L24,45 Z M24,50 L40,40 V47 L24,57 Z"/>',
    '</g>',
    `<path d="M22,17 C22,9 42,9 42,17 Z M22,47 C22,55 42,55 42,47 Z" fill="${brass}"/>`,
    `<circle cx="32" cy="8" r="3" fill="${brass}"/>`,
    '</svg>',
    '',
  ].join('\n');
}

/** The default image for a product or barber without one (SPEC.md section 3); square and neutral. */
export function placeholderSvg(): string {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" role="img" aria-label="No image">',
    '<title>No image</title>',
    '<rect width="400" height="400" fill="#ece7de"/>',
    '<g fill="none" stroke="#b5ab9a" stroke-width="10" stroke-linejoin="round" stroke-linecap="round">',
    '<rect x="120" y="135" width="160" height="130" rx="14"/>',
    '<path d="M130,250 L182,196 L218,232 L238,212 L270,250"/>',
    '</g>',
    '<circle cx="240" cy="172" r="13" fill="#b5ab9a"/>',
    '</svg>',
    '',
  ].join('\n');
}
