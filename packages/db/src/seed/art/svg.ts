/** Small SVG building blocks shared by every drawing of the sample artwork. */

export const PALETTE = { charcoal: '#1c1b19', paper: '#f6f2ea', brass: '#b8893b' } as const;

/** Mixes a colour toward black (negative amount) or white (positive), so one base colour gives its shading. */
export function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const target = amount < 0 ? 0 : 255;
  const t = Math.min(1, Math.abs(amount));
  const channels = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => Math.round(c + (target - c) * t));
  return `#${channels.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** Whether a colour is dark, to pick a print colour that reads on it. */
export function isDark(hex: string): boolean {
  const n = Number.parseInt(hex.slice(1), 16);
  const luminance = 0.2126 * ((n >> 16) & 255) + 0.7152 * ((n >> 8) & 255) + 0.0722 * (n & 255);
  return luminance < 140;
}

type Stop = string | [color: string, opacity: number];

function stops(list: Stop[]): string {
  return list
    .map((stop, i) => {
      const [color, opacity] = typeof stop === 'string' ? [stop, 1] : stop;
      const offset = list.length === 1 ? 0 : (i / (list.length - 1)) * 100;
      return `<stop offset="${offset.toFixed(1)}%" stop-color="${color}" stop-opacity="${opacity}"/>`;
    })
    .join('');
}

/** A linear gradient over the shape's box; direction in box fractions (default top to bottom). */
export function linear(id: string, list: Stop[], [x1, y1, x2, y2] = [0, 0, 0, 1]): string {
  return `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops(list)}</linearGradient>`;
}

/** A radial gradient over the shape's box, centred at (cx, cy) in box fractions. */
export function radial(id: string, list: Stop[], cx = 0.5, cy = 0.5, r = 0.5): string {
  return `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stops(list)}</radialGradient>`;
}

/** A whole SVG document. */
export function svgDoc(width: number, height: number, defs: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
    `viewBox="0 0 ${width} ${height}"><defs>${defs}</defs>${body}</svg>`
  );
}

/** A deterministic pseudo-random sequence (mulberry32), so the artwork is the same on every run. */
export function randomSequence(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The shop's mark: a ring around a striped barber pole. Drawn with shapes only, because the
 * renderer's fonts differ from machine to machine. `id` keeps its clip path unique in a document.
 */
export function logoMark(id: string, cx: number, cy: number, r: number, fg: string, bg: string): string {
  const poleW = r * 0.34;
  const poleH = r * 0.92;
  const x = cx - poleW / 2;
  const y = cy - poleH / 2;
  const stripes = [-2, -1, 0, 1, 2, 3]
    .map((k) => {
      const y0 = y + k * poleW * 0.9;
      return `<path d="M${x - 2},${y0 + poleW} L${x + poleW + 2},${y0} L${x + poleW + 2},${y0 + poleW * 0.45} L${x - 2},${y0 + poleW * 1.45} Z" fill="${bg}"/>`;
    })
    .join('');
  return (
    `<clipPath id="${id}"><rect x="${x}" y="${y}" width="${poleW}" height="${poleH}" rx="${poleW * 0.18}"/></clipPath>` +
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${bg}" stroke="${fg}" stroke-width="${r * 0.09}"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r * 0.76}" fill="none" stroke="${fg}" stroke-width="${r * 0.03}"/>` +
    `<rect x="${x}" y="${y}" width="${poleW}" height="${poleH}" rx="${poleW * 0.18}" fill="${fg}"/>` +
    `<g clip-path="url(#${id})">${stripes}</g>` +
    `<circle cx="${cx}" cy="${y - r * 0.08}" r="${poleW * 0.42}" fill="${fg}"/>` +
    `<rect x="${x - poleW * 0.15}" y="${y + poleH - 1}" width="${poleW * 1.3}" height="${r * 0.1}" rx="${r * 0.03}" fill="${fg}"/>` +
    `<circle cx="${cx - r * 0.5}" cy="${cy}" r="${r * 0.055}" fill="${fg}"/>` +
    `<circle cx="${cx + r * 0.5}" cy="${cy}" r="${r * 0.055}" fill="${fg}"/>`
  );
}
