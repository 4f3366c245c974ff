import { archMirror, barberChair, barberPole, bottleShelf, furnitureDefs, pendantLamp } from './furniture.ts';
import { linear, PALETTE, radial, shade, svgDoc } from './svg.ts';

export type HeroFormat = 'wide' | 'narrow';

export const HERO_SIZE: Record<HeroFormat, { width: number; height: number }> = {
  wide: { width: 2400, height: 1100 },
  narrow: { width: 1080, height: 1400 },
};

type Layout = {
  wainscotY: number;
  floorY: number;
  vanish: [x: number, y: number];
  tile: number;
  mirror: [x: number, y: number, w: number, h: number];
  chair: [x: number, floorY: number, scale: number];
  pole: [x: number, y: number, scale: number];
  shelf: [x: number, y: number, scale: number];
  lamps: [x: number, y: number, scale: number][];
};

// The wide banner keeps its left half quiet for the headline; the narrow one keeps its bottom quiet.
const LAYOUTS: Record<HeroFormat, Layout> = {
  wide: {
    wainscotY: 700,
    floorY: 880,
    vanish: [1650, 420],
    tile: 110,
    mirror: [1390, 110, 520, 580],
    chair: [1650, 1010, 0.95],
    pole: [2250, 170, 0.9],
    shelf: [1960, 560, 0.8],
    lamps: [
      [1650, 40, 1],
      [820, 70, 0.8],
    ],
  },
  narrow: {
    wainscotY: 720,
    floorY: 900,
    vanish: [540, 430],
    tile: 90,
    mirror: [300, 150, 480, 560],
    chair: [540, 1040, 0.82],
    pole: [960, 230, 0.62],
    shelf: [40, 600, 0.7],
    lamps: [[540, 40, 0.9]],
  },
};

/** A checkerboard floor in perspective, receding to the vanishing point. */
function checkerFloor(width: number, height: number, layout: Layout): string {
  const [vx, vy] = layout.vanish;
  const y0 = layout.floorY;
  const depth = 0.11;
  const rows: number[] = [];
  for (let k = 0; ; k++) {
    const y = vy + (y0 - vy) / (1 - k * depth);
    if (k * depth >= 1 || y > height) {
      rows.push(height + 200);
      break;
    }
    rows.push(y);
  }
  const spread = (height + 200 - vy) / (y0 - vy);
  const first = -Math.ceil(vx / (layout.tile * spread)) - 1;
  const last = Math.ceil((width - vx) / (layout.tile * spread)) + 1;
  const at = (i: number, y: number) => vx + i * layout.tile * ((y - vy) / (y0 - vy));
  const dark: string[] = [];
  for (let k = 0; k < rows.length - 1; k++) {
    const ya = rows[k]!;
    const yb = rows[k + 1]!;
    for (let i = first; i < last; i++) {
      if ((i + k) % 2 !== 0) continue;
      dark.push(
        `M${at(i, ya).toFixed(1)},${ya.toFixed(1)} L${at(i + 1, ya).toFixed(1)},${ya.toFixed(1)} ` +
          `L${at(i + 1, yb).toFixed(1)},${yb.toFixed(1)} L${at(i, yb).toFixed(1)},${yb.toFixed(1)} Z`,
      );
    }
  }
  return (
    `<rect x="0" y="${y0}" width="${width}" height="${height - y0}" fill="#4a433b"/>` +
    `<path d="${dark.join(' ')}" fill="#26231f"/>` +
    `<rect x="0" y="${y0}" width="${width}" height="${height - y0}" fill="url(#floorShade)"/>`
  );
}

function wainscot(width: number, layout: Layout): string {
  const top = layout.wainscotY;
  const h = layout.floorY - top;
  const panels = [];
  for (let x = 40; x + 260 < width; x += 300) {
    panels.push(`<rect x="${x}" y="${top + 30}" width="260" height="${h - 60}" rx="6"/>`);
  }
  return (
    `<rect x="0" y="${top}" width="${width}" height="${h}" fill="#221f1c"/>` +
    `<g fill="none" stroke="#3a342d" stroke-width="4">${panels.join('')}</g>` +
    `<rect x="0" y="${top - 8}" width="${width}" height="16" fill="url(#brassMetal)"/>` +
    `<rect x="0" y="${layout.floorY - 10}" width="${width}" height="10" fill="#141311"/>`
  );
}

/** The home page banner: a warm, empty barbershop in charcoal, off-white and brass, with no text. */
export function heroSvg(format: HeroFormat): string {
  const { width, height } = HERO_SIZE[format];
  const layout = LAYOUTS[format];
  const [mx, my, mw, mh] = layout.mirror;
  const defs =
    furnitureDefs() +
    linear('wall', ['#2b2825', PALETTE.charcoal]) +
    linear('floorShade', [
      ['#000000', 0.55],
      ['#000000', 0.05],
      ['#000000', 0.35],
    ]) +
    radial('warm', [
      [PALETTE.brass, 0.28],
      [PALETTE.brass, 0],
    ]) +
    radial(
      'vignette',
      [
        ['#000000', 0],
        ['#000000', 0],
        ['#000000', 0.55],
      ],
      0.5,
      0.45,
      0.75,
    ) +
    (format === 'wide'
      ? linear(
          'quiet',
          [
            [PALETTE.charcoal, 0.7],
            [PALETTE.charcoal, 0.35],
            [PALETTE.charcoal, 0],
          ],
          [0, 0, 0.55, 0],
        )
      : linear('quiet', [
          [PALETTE.charcoal, 0],
          [PALETTE.charcoal, 0],
          [PALETTE.charcoal, 0.75],
        ]));
  const stripes = [];
  for (let x = 60; x < width; x += 120) stripes.push(`M${x},0 V${layout.wainscotY}`);
  const body = [
    `<rect width="${width}" height="${height}" fill="url(#wall)"/>`,
    `<path d="${stripes.join(' ')}" stroke="#ffffff" stroke-width="2" opacity="0.025"/>`,
    `<ellipse cx="${mx + mw / 2}" cy="${my + mh / 2}" rx="${mw * 1.3}" ry="${mh * 0.9}" fill="url(#warm)"/>`,
    wainscot(width, layout),
    checkerFloor(width, height, layout),
    archMirror(mx, my, mw, mh, ['#3d4445', '#1f2324']),
    `<rect x="${mx - 60}" y="${my + mh + 4}" width="${mw + 120}" height="24" rx="6" fill="${shade(PALETTE.charcoal, 0.1)}"/>`,
    bottleShelf(...layout.shelf, [PALETTE.brass, PALETTE.paper, '#7a4b2a', shade(PALETTE.brass, -0.3)]),
    barberPole('hero-pole', ...layout.pole, [PALETTE.brass, PALETTE.charcoal]),
    ...layout.lamps.map(([x, y, s]) => pendantLamp(x, y, s)),
    barberChair(...layout.chair, PALETTE.paper),
    `<rect width="${width}" height="${height}" fill="url(#vignette)"/>`,
    `<rect width="${width}" height="${height}" fill="url(#quiet)"/>`,
  ];
  return svgDoc(width, height, defs, body.join(''));
}
