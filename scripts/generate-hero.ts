/**
 * Writes the home banner into apps/web/app/assets/images, the favicon and placeholder into
 * apps/web/public. The output is committed;
 * run again only after changing the drawings: `npx node scripts/generate-hero.ts`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import {
  faviconSvg,
  HERO_SIZE,
  type HeroFormat,
  heroSvg,
  placeholderSvg,
} from '../packages/db/src/seed/art.ts';

const publicDir = new URL('../apps/web/public/', import.meta.url);
// The banners are imported by the hero (content-hashed by the build); the rest keep their names.
const imagesDir = new URL('../apps/web/app/assets/images/', import.meta.url);
const QUALITY = 72;

// Each banner at full size and at the smaller width the page's srcset offers.
const OUTPUTS: { format: HeroFormat; width: number; file: string }[] = [
  { format: 'wide', width: 2400, file: 'hero-wide.webp' },
  { format: 'wide', width: 1200, file: 'hero-wide-1200.webp' },
  { format: 'narrow', width: 1080, file: 'hero-narrow.webp' },
  { format: 'narrow', width: 720, file: 'hero-narrow-720.webp' },
];

async function main(): Promise<void> {
  await mkdir(imagesDir, { recursive: true });
  for (const { format, width, file } of OUTPUTS) {
    const svg = Buffer.from(heroSvg(format));
    const density = Math.max(1, Math.ceil((72 * width) / HERO_SIZE[format].width));
    const body = await sharp(svg, { density })
      .resize({ width })
      .webp({ quality: QUALITY, effort: 6, smartSubsample: true })
      .toBuffer();
    await writeFile(new URL(file, imagesDir), body);
    process.stdout.write(`${file}: ${(body.length / 1024).toFixed(1)} KB\n`);
  }
  await writeFile(new URL('favicon.svg', publicDir), faviconSvg());
  await writeFile(new URL('placeholder.svg', publicDir), placeholderSvg());
  process.stdout.write('favicon.svg, placeholder.svg\n');
}

await main();
