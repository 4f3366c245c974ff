import { linear, PALETTE, radial, shade } from './svg.ts';

/** Gradients the furniture pieces fill with; put once in the defs of any document that uses them. */
export function furnitureDefs(): string {
  return [
    linear('metal', ['#e9e4da', '#a39c90', '#6f685e'], [0, 0, 1, 0]),
    linear(
      'brassMetal',
      [shade(PALETTE.brass, 0.35), PALETTE.brass, shade(PALETTE.brass, -0.35)],
      [0, 0, 1, 0],
    ),
    linear(
      'poleGlass',
      [
        ['#ffffff', 0],
        ['#ffffff', 0.45],
        ['#ffffff', 0],
        ['#000000', 0.25],
      ],
      [0, 0, 1, 0],
    ),
    radial(
      'bulb',
      [
        ['#fff3d6', 1],
        ['#f2c777', 0.6],
        ['#b8893b', 0],
      ],
      0.5,
      0.5,
      0.5,
    ),
  ].join('');
}

/** A hydraulic barber chair standing on the floor at (x, floorY), about 700 * s tall. */
export function barberChair(x: number, floorY: number, s: number, upholstery: string): string {
  const dark = shade(upholstery, -0.3);
  const light = shade(upholstery, 0.15);
  const stitches = [-70, -23, 23, 70]
    .map((cx) => `<path d="M${cx},-600 L${cx},-320" stroke="${dark}" stroke-width="4" opacity="0.6"/>`)
    .join('');
  return (
    `<g transform="translate(${x} ${floorY}) scale(${s})">` +
    '<ellipse cx="0" cy="0" rx="190" ry="26" fill="#000000" opacity="0.35"/>' +
    '<ellipse cx="0" cy="-8" rx="150" ry="22" fill="url(#metal)"/>' +
    '<rect x="-32" y="-210" width="64" height="200" rx="10" fill="url(#metal)"/>' +
    '<rect x="-46" y="-60" width="92" height="26" rx="8" fill="url(#brassMetal)"/>' +
    '<path d="M-40,-170 L-120,-110 L120,-110 L40,-170 Z" fill="url(#metal)"/>' +
    '<rect x="-130" y="-118" width="260" height="16" rx="8" fill="url(#brassMetal)"/>' +
    `<rect x="-160" y="-310" width="320" height="110" rx="34" fill="${upholstery}"/>` +
    `<rect x="-160" y="-310" width="320" height="36" rx="18" fill="${light}" opacity="0.5"/>` +
    `<rect x="-140" y="-630" width="280" height="340" rx="46" fill="${upholstery}"/>` +
    `<rect x="-124" y="-614" width="248" height="308" rx="38" fill="none" stroke="${light}" stroke-width="4" opacity="0.6"/>` +
    stitches +
    '<rect x="-10" y="-680" width="20" height="60" fill="url(#metal)"/>' +
    `<rect x="-74" y="-730" width="148" height="64" rx="26" fill="${upholstery}"/>` +
    `<rect x="-74" y="-730" width="148" height="22" rx="11" fill="${light}" opacity="0.5"/>` +
    '<rect x="-210" y="-392" width="92" height="30" rx="15" fill="url(#brassMetal)"/>' +
    '<rect x="118" y="-392" width="92" height="30" rx="15" fill="url(#brassMetal)"/>' +
    '<path d="M-180,-362 L-176,-300 M180,-362 L176,-300" stroke="#a39c90" stroke-width="14" stroke-linecap="round"/>' +
    '</g>'
  );
}

/** A wall-mounted barber pole with its top at (x, y), 520 * s tall; `id` keeps its clip path unique. */
export function barberPole(id: string, x: number, y: number, s: number, stripes: [string, string]): string {
  const bands = [];
  for (let k = -3; k < 12; k++) {
    const y0 = 40 + k * 70;
    bands.push(
      `<path d="M-50,${y0 + 80} L50,${y0} L50,${y0 + 26} L-50,${y0 + 106} Z" fill="${stripes[k % 2 === 0 ? 0 : 1]}"/>`,
    );
  }
  return (
    `<g transform="translate(${x} ${y}) scale(${s})">` +
    `<clipPath id="${id}"><rect x="-42" y="60" width="84" height="380"/></clipPath>` +
    '<rect x="-12" y="150" width="80" height="18" fill="url(#metal)"/>' +
    '<rect x="-12" y="360" width="80" height="18" fill="url(#metal)"/>' +
    `<rect x="-42" y="60" width="84" height="380" fill="${PALETTE.paper}"/>` +
    `<g clip-path="url(#${id})">${bands.join('')}</g>` +
    '<rect x="-42" y="60" width="84" height="380" fill="url(#poleGlass)"/>' +
    '<path d="M-54,62 C-54,10 54,10 54,62 Z" fill="url(#brassMetal)"/>' +
    '<circle cx="0" cy="0" r="14" fill="url(#brassMetal)"/>' +
    '<rect x="-56" y="52" width="112" height="16" rx="6" fill="url(#brassMetal)"/>' +
    '<rect x="-56" y="432" width="112" height="16" rx="6" fill="url(#brassMetal)"/>' +
    '<path d="M-54,448 C-54,500 54,500 54,448 Z" fill="url(#brassMetal)"/>' +
    '<circle cx="0" cy="512" r="12" fill="url(#brassMetal)"/>' +
    '</g>'
  );
}

/** An arched mirror in a brass frame, with a cool reflection and two streaks of light. */
export function archMirror(x: number, y: number, w: number, h: number, glass: [string, string]): string {
  const r = w / 2;
  const frame = Math.max(8, w * 0.045);
  const arch = `M${x},${y + h} L${x},${y + r} A${r},${r} 0 0 1 ${x + w},${y + r} L${x + w},${y + h} Z`;
  return (
    `<linearGradient id="glass-${Math.round(x)}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${glass[0]}"/><stop offset="1" stop-color="${glass[1]}"/></linearGradient>` +
    `<path d="${arch}" fill="url(#glass-${Math.round(x)})"/>` +
    `<path d="M${x + w * 0.62},${y + h * 0.12} L${x + w * 0.2},${y + h * 0.55} M${x + w * 0.8},${y + h * 0.2} L${x + w * 0.42},${y + h * 0.62}" ` +
    `stroke="#ffffff" stroke-width="${w * 0.04}" opacity="0.07" stroke-linecap="round"/>` +
    `<path d="${arch}" fill="none" stroke="url(#brassMetal)" stroke-width="${frame}"/>` +
    `<rect x="${x - frame * 1.5}" y="${y + h - frame / 2}" width="${w + frame * 3}" height="${frame * 1.6}" rx="${frame / 2}" fill="url(#brassMetal)"/>`
  );
}

/** A brass pendant lamp hanging from the ceiling to (x, y), with a warm pool of light around the bulb. */
export function pendantLamp(x: number, y: number, s: number): string {
  return (
    `<path d="M${x},0 L${x},${y}" stroke="${shade(PALETTE.charcoal, 0.25)}" stroke-width="${3 * s}"/>` +
    `<circle cx="${x}" cy="${y + 70 * s}" r="${260 * s}" fill="url(#bulb)" opacity="0.35"/>` +
    `<g transform="translate(${x} ${y}) scale(${s})">` +
    '<path d="M-20,0 L20,0 L80,60 L-80,60 Z" fill="url(#brassMetal)"/>' +
    '<ellipse cx="0" cy="62" rx="80" ry="10" fill="#f6d9a0"/>' +
    '<circle cx="0" cy="72" r="22" fill="url(#bulb)"/>' +
    '</g>'
  );
}

/** A short shelf of bottles and jars, standing on a ledge at (x, y). */
export function bottleShelf(x: number, y: number, s: number, colors: string[]): string {
  const shapes = colors.map((color, i) => {
    const bx = i * 70;
    const tall = 80 + ((i * 37) % 50);
    return (
      `<rect x="${bx}" y="${-tall}" width="48" height="${tall}" rx="8" fill="${color}"/>` +
      `<rect x="${bx + 14}" y="${-tall - 22}" width="20" height="24" rx="4" fill="${shade(color, -0.35)}"/>` +
      `<rect x="${bx + 6}" y="${-tall * 0.62}" width="36" height="${tall * 0.3}" fill="${PALETTE.paper}" opacity="0.8"/>` +
      `<rect x="${bx + 6}" y="${-tall + 6}" width="8" height="${tall - 16}" rx="4" fill="#ffffff" opacity="0.2"/>`
    );
  });
  return (
    `<g transform="translate(${x} ${y}) scale(${s})">${shapes.join('')}` +
    `<rect x="-20" y="0" width="${colors.length * 70 + 20}" height="14" rx="4" fill="url(#brassMetal)"/></g>`
  );
}
