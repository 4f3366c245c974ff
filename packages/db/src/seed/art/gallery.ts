import { archMirror, barberChair, barberPole, bottleShelf, furnitureDefs, pendantLamp } from './furniture.ts';
import type { BarberLook } from './portrait.ts';
import { linear, logoMark, PALETTE, radial, randomSequence, shade, svgDoc } from './svg.ts';

export const GALLERY_SIZE = { width: 1200, height: 900 } as const;
export const GALLERY_COUNT = 6;

type Scene = (look: BarberLook, random: () => number) => { defs: string; body: string };

const STEEL = 'url(#steel)';

/** A fresh fade seen from behind, with a line-up at the nape and a carved design. */
const fadeBackView: Scene = (look, random) => {
  const hair = shade(look.hair, -0.2);
  const skin = look.skin;
  const strokes = [];
  for (let i = 0; i < 70; i++) {
    const x = 440 + random() * 320;
    const y = 200 + random() * 150;
    const len = 10 + random() * 12;
    strokes.push(`M${x.toFixed(1)},${y.toFixed(1)} l${(random() * 8 - 4).toFixed(1)},${len.toFixed(1)}`);
  }
  const lift = Math.round(random() * 40);
  return {
    defs:
      linear('bg', [shade(look.backdrop[0], 0.1), look.backdrop[1]]) +
      radial('glow', [
        ['#ffffff', 0.25],
        ['#ffffff', 0],
      ]) +
      linear('cape', [shade(look.apron, 0.1), shade(look.apron, -0.25)]) +
      `<linearGradient id="fade" gradientUnits="userSpaceOnUse" x1="0" y1="170" x2="0" y2="600">` +
      `<stop offset="0" stop-color="${hair}"/><stop offset="0.42" stop-color="${hair}"/>` +
      `<stop offset="0.7" stop-color="${hair}" stop-opacity="0.45"/><stop offset="1" stop-color="${hair}" stop-opacity="0.05"/></linearGradient>`,
    body:
      '<rect width="1200" height="900" fill="url(#bg)"/><circle cx="600" cy="380" r="520" fill="url(#glow)"/>' +
      `<rect x="505" y="540" width="190" height="160" fill="${shade(skin, -0.12)}"/>` +
      '<path d="M140,900 C190,700 380,650 600,650 C820,650 1010,700 1060,900 Z" fill="url(#cape)"/>' +
      `<path d="M470,668 C540,640 660,640 730,668 L720,700 C650,676 550,676 480,700 Z" fill="${PALETTE.paper}"/>` +
      `<ellipse cx="398" cy="430" rx="30" ry="52" fill="${shade(skin, -0.06)}"/>` +
      `<ellipse cx="802" cy="430" rx="30" ry="52" fill="${shade(skin, -0.06)}"/>` +
      `<ellipse cx="600" cy="400" rx="200" ry="235" fill="${skin}"/>` +
      '<ellipse cx="600" cy="400" rx="200" ry="235" fill="url(#fade)"/>' +
      `<path d="${strokes.join(' ')}" stroke="${shade(hair, 0.3)}" stroke-width="3" stroke-linecap="round" opacity="0.5"/>` +
      `<path d="M470,${352 + lift} C520,${320 + lift} 560,${340 + lift} 610,${300 + lift} M480,${384 + lift} C530,${356 + lift} 580,${372 + lift} 640,${330 + lift}" ` +
      `fill="none" stroke="${shade(skin, 0.05)}" stroke-width="7" stroke-linecap="round"/>` +
      `<path d="M470,598 Q600,622 730,598" fill="none" stroke="${hair}" stroke-width="5" opacity="0.8"/>`,
  };
};

function scissors(x: number, y: number, angle: number, handle: string): string {
  return (
    `<g transform="translate(${x} ${y}) rotate(${angle})">` +
    `<path d="M-10,-8 L250,-4 Q258,0 250,4 L-10,6 Z" fill="${STEEL}" transform="rotate(5)"/>` +
    `<path d="M-10,-6 L250,-4 Q258,0 250,4 L-10,8 Z" fill="${STEEL}" transform="rotate(-5)"/>` +
    `<path d="M0,0 L-70,-30 M0,0 L-70,30" stroke="${handle}" stroke-width="14" stroke-linecap="round"/>` +
    `<circle cx="-100" cy="-36" r="32" fill="none" stroke="${handle}" stroke-width="13"/>` +
    `<circle cx="-100" cy="36" r="32" fill="none" stroke="${handle}" stroke-width="13"/>` +
    '<circle cx="0" cy="0" r="8" fill="#6f685e"/></g>'
  );
}

function comb(x: number, y: number, angle: number, color: string): string {
  const teeth = [];
  for (let tx = 10; tx < 300; tx += tx < 150 ? 9 : 14) teeth.push(`M${tx},18 L${tx},52`);
  return (
    `<g transform="translate(${x} ${y}) rotate(${angle})">` +
    `<rect x="0" y="0" width="310" height="22" rx="8" fill="${color}"/>` +
    `<path d="${teeth.join(' ')}" stroke="${color}" stroke-width="5" stroke-linecap="round"/></g>`
  );
}

function straightRazor(x: number, y: number, angle: number, handle: string): string {
  return (
    `<g transform="translate(${x} ${y}) rotate(${angle})">` +
    `<path d="M0,-20 C80,-26 200,-26 270,-14 C280,0 280,0 270,14 C200,26 80,26 0,20 Z" fill="${handle}"/>` +
    `<path d="M20,-10 C100,-14 200,-14 250,-6" stroke="#ffffff" stroke-width="4" opacity="0.25" fill="none"/>` +
    `<path d="M-6,-14 L-170,-26 C-200,-24 -205,20 -180,22 L-6,12 Z" fill="${STEEL}"/>` +
    '<path d="M-20,10 L-176,20" stroke="#ffffff" stroke-width="3" opacity="0.6"/>' +
    `<circle cx="0" cy="0" r="7" fill="${PALETTE.brass}"/></g>`
  );
}

function clippers(x: number, y: number, angle: number, s: number, body: string, accent: string): string {
  const teeth = [];
  for (let tx = -48; tx <= 48; tx += 8) teeth.push(`M${tx},-150 L${tx},-170`);
  return (
    `<g transform="translate(${x} ${y}) rotate(${angle}) scale(${s})">` +
    `<path d="M0,110 C20,180 -60,220 -40,320" fill="none" stroke="${PALETTE.charcoal}" stroke-width="12" stroke-linecap="round"/>` +
    `<rect x="-62" y="-150" width="124" height="270" rx="48" fill="${body}"/>` +
    `<rect x="-62" y="-40" width="124" height="26" fill="${accent}"/>` +
    `<rect x="-46" y="-130" width="16" height="220" rx="8" fill="#ffffff" opacity="0.15"/>` +
    `<rect x="-56" y="-162" width="112" height="24" rx="4" fill="${STEEL}"/>` +
    `<path d="${teeth.join(' ')}" stroke="#a39c90" stroke-width="5"/>` +
    `<rect x="-14" y="30" width="28" height="50" rx="6" fill="${shade(body, 0.2)}"/></g>`
  );
}

/** The tools of the trade laid out on a counter. */
const toolsFlatLay: Scene = (look, random) => {
  const surface = shade(look.backdrop[1], -0.25);
  const grain = [];
  for (let i = 0; i < 16; i++) {
    const y = 30 + i * 56 + random() * 20;
    grain.push(
      `M0,${y.toFixed(0)} C300,${(y + random() * 30 - 15).toFixed(0)} 900,${(y + random() * 30 - 15).toFixed(0)} 1200,${y.toFixed(0)}`,
    );
  }
  const wobble = () => random() * 10 - 5;
  return {
    defs:
      linear('bg', [shade(surface, 0.08), shade(surface, -0.2)], [0, 0, 1, 1]) +
      linear('steel', ['#f2f0ec', '#b9bcbf', '#7d8287'], [0, 0, 0, 1]),
    body:
      '<rect width="1200" height="900" fill="url(#bg)"/>' +
      `<path d="${grain.join(' ')}" fill="none" stroke="#000000" stroke-width="3" opacity="0.12"/>` +
      `<g transform="rotate(${(-8 + wobble()).toFixed(1)} 260 620)"><rect x="60" y="480" width="420" height="320" rx="14" fill="${PALETTE.paper}"/>` +
      `<path d="M60,520 H480 M60,540 H480" stroke="${look.accent}" stroke-width="10"/></g>` +
      scissors(560, 220, 12 + wobble(), look.accent) +
      comb(590, 400, -6 + wobble(), shade(PALETTE.paper, -0.12)) +
      straightRazor(840, 640, -24 + wobble(), look.leather) +
      clippers(250, 300, -28 + wobble(), 1, shade(PALETTE.charcoal, 0.1), look.accent),
  };
};

/** The barber's own chair in front of the mirror. */
const chairScene: Scene = (look) => ({
  defs:
    furnitureDefs() +
    linear('wall', [shade(look.backdrop[0], -0.1), shade(look.backdrop[1], -0.2)]) +
    linear('floor', [shade(PALETTE.charcoal, 0.15), PALETTE.charcoal]),
  body:
    '<rect width="1200" height="900" fill="url(#wall)"/>' +
    `<rect x="0" y="560" width="1200" height="170" fill="${shade(look.backdrop[1], -0.3)}"/>` +
    '<rect x="0" y="552" width="1200" height="12" fill="url(#brassMetal)"/>' +
    '<rect x="0" y="730" width="1200" height="170" fill="url(#floor)"/>' +
    archMirror(380, 90, 440, 460, [shade(look.backdrop[0], 0.25), shade(look.backdrop[1], -0.1)]) +
    bottleShelf(120, 440, 0.9, [PALETTE.brass, '#7a4b2a', PALETTE.paper]) +
    barberPole('gallery-pole', 1000, 150, 0.7, [look.accent, PALETTE.charcoal]) +
    pendantLamp(600, 40, 0.8) +
    barberChair(600, 820, 0.95, look.leather),
});

/** Clippers up close with a guard and the trimmings on the cape. */
const clipperCloseUp: Scene = (look, random) => {
  const bits = [];
  for (let i = 0; i < 180; i++) {
    const x = random() * 1200;
    const y = random() * 900;
    const a = random() * Math.PI;
    const len = 6 + random() * 10;
    bits.push(
      `M${x.toFixed(1)},${y.toFixed(1)} l${(Math.cos(a) * len).toFixed(1)},${(Math.sin(a) * len).toFixed(1)}`,
    );
  }
  return {
    defs:
      radial('bg', [shade(look.apron, 0.2), shade(look.apron, -0.35)], 0.4, 0.4, 0.8) +
      linear('steel', ['#f2f0ec', '#b9bcbf', '#7d8287'], [0, 0, 1, 0]),
    body:
      '<rect width="1200" height="900" fill="url(#bg)"/>' +
      `<path d="${bits.join(' ')}" stroke="${look.hair}" stroke-width="2.5" stroke-linecap="round" opacity="0.7"/>` +
      clippers(560, 470, 32, 1.9, shade(PALETTE.charcoal, 0.12), look.accent) +
      `<g transform="translate(930 250) rotate(-18)"><rect x="-70" y="-90" width="140" height="180" rx="24" fill="${look.accent}" opacity="0.9"/>` +
      `<path d="M-50,-70 V70 M-25,-70 V70 M0,-70 V70 M25,-70 V70 M50,-70 V70" stroke="${shade(look.accent, -0.3)}" stroke-width="6"/></g>` +
      logoMark('clipper-mark', 180, 180, 70, PALETTE.brass, shade(look.apron, -0.4)),
  };
};

/** A shaving kit on the counter: mug of lather, brush, razor and aftershave. */
const shavingKit: Scene = (look) => {
  const foam = [
    [-60, 0, 30],
    [-20, -14, 36],
    [24, -8, 34],
    [60, 2, 28],
    [0, -34, 28],
  ]
    .map(([dx, dy, r]) => `<circle cx="${dx}" cy="${dy}" r="${r}" fill="#ffffff"/>`)
    .join('');
  return {
    defs:
      furnitureDefs() +
      linear('wall', [look.backdrop[0], look.backdrop[1]]) +
      linear('counter', [PALETTE.paper, shade(PALETTE.paper, -0.15)]) +
      linear('mug', [shade(look.accent, 0.2), look.accent, shade(look.accent, -0.3)], [0, 0, 1, 0]) +
      linear('steel', ['#f2f0ec', '#b9bcbf', '#7d8287'], [0, 0, 0, 1]),
    body:
      '<rect width="1200" height="900" fill="url(#wall)"/>' +
      archMirror(700, -200, 520, 640, [shade(look.backdrop[0], 0.2), shade(look.backdrop[1], 0.05)]) +
      '<rect x="0" y="600" width="1200" height="300" fill="url(#counter)"/>' +
      `<rect x="0" y="600" width="1200" height="10" fill="${shade(PALETTE.paper, -0.25)}"/>` +
      '<ellipse cx="330" cy="680" rx="150" ry="22" fill="#000000" opacity="0.15"/>' +
      '<g transform="translate(330 470)"><rect x="-110" y="0" width="220" height="210" rx="18" fill="url(#mug)"/>' +
      `<path d="M110,40 C180,40 180,160 110,160" fill="none" stroke="${look.accent}" stroke-width="22"/>${foam}</g>` +
      '<g transform="translate(620 600)"><path d="M-40,0 L40,0 L30,-130 L-30,-130 Z" fill="url(#brassMetal)"/>' +
      `<rect x="-36" y="-150" width="72" height="26" rx="8" fill="${PALETTE.charcoal}"/>` +
      '<path d="M-34,-150 C-60,-230 -20,-290 0,-292 C20,-290 60,-230 34,-150 Z" fill="#d8cbb3"/>' +
      '<path d="M-20,-160 C-30,-220 -10,-260 0,-266" stroke="#ffffff" stroke-width="6" opacity="0.5" fill="none"/></g>' +
      `<g transform="translate(880 600)"><rect x="-60" y="-280" width="120" height="280" rx="20" fill="${shade(look.apron, -0.1)}" opacity="0.92"/>` +
      `<rect x="-30" y="-330" width="60" height="56" rx="8" fill="${PALETTE.charcoal}"/>` +
      `<rect x="-60" y="-200" width="120" height="100" fill="${PALETTE.paper}"/>` +
      `${logoMark('kit-mark', 0, -150, 40, PALETTE.charcoal, PALETTE.paper)}</g>` +
      straightRazor(640, 760, -4, PALETTE.charcoal),
  };
};

/** The shop front at dusk, lit from inside. */
const storefront: Scene = (look, random) => {
  const bricks = [];
  for (let row = 0; row < 24; row++) {
    const y = row * 28;
    bricks.push(`M0,${y} H1200`);
    for (let x = (row % 2) * 40; x < 1200; x += 80) bricks.push(`M${x},${y} V${y + 28}`);
  }
  const awning = [];
  for (let i = 0; i < 14; i++) {
    awning.push(
      `<path d="M${120 + i * 60},150 L${180 + i * 60},150 L${180 + i * 60},250 Q${150 + i * 60},275 ${120 + i * 60},250 Z" fill="${i % 2 ? PALETTE.paper : look.accent}"/>`,
    );
  }
  const stars = Array.from(
    { length: 24 },
    () =>
      `<circle cx="${(random() * 1200).toFixed(0)}" cy="${(random() * 110).toFixed(0)}" r="${(1 + random() * 1.5).toFixed(1)}" fill="#ffffff" opacity="0.6"/>`,
  ).join('');
  return {
    defs:
      furnitureDefs() +
      linear('sky', ['#1d2540', '#5b3a52', '#c77d4f']) +
      linear('facade', [shade(look.backdrop[1], 0.05), shade(look.backdrop[1], -0.25)]) +
      linear('window', ['#f7d792', '#d99a45', '#8c5a2b']) +
      linear('walk', ['#5b554d', '#2f2c28']),
    body:
      `<rect width="1200" height="900" fill="url(#sky)"/>${stars}` +
      '<rect x="0" y="110" width="1200" height="640" fill="url(#facade)"/>' +
      `<g transform="translate(0 110)"><path d="${bricks.join(' ')}" stroke="#000000" stroke-width="2" opacity="0.18"/></g>` +
      '<rect x="140" y="250" width="560" height="400" fill="url(#window)"/>' +
      `<g opacity="0.55">${barberChair(300, 650, 0.42, PALETTE.charcoal)}${barberChair(540, 650, 0.42, PALETTE.charcoal)}</g>` +
      `<path d="M140,250 H700 V650 H140 Z M420,250 V650" fill="none" stroke="${PALETTE.charcoal}" stroke-width="14"/>` +
      '<rect x="760" y="300" width="220" height="450" fill="#2a2622"/>' +
      '<rect x="784" y="324" width="172" height="220" fill="url(#window)" opacity="0.85"/>' +
      `<circle cx="940" cy="560" r="9" fill="${PALETTE.brass}"/>` +
      `<rect x="100" y="140" width="880" height="16" fill="${shade(look.accent, -0.3)}"/>${awning.join('')}` +
      barberPole('front-pole', 1070, 260, 0.7, [look.accent, PALETTE.charcoal]) +
      logoMark('front-mark', 870, 220, 52, PALETTE.brass, PALETTE.charcoal) +
      '<rect x="0" y="750" width="1200" height="150" fill="url(#walk)"/>' +
      '<path d="M0,790 H1200 M300,750 L260,900 M700,750 L720,900" stroke="#000000" stroke-width="3" opacity="0.25"/>' +
      '<path d="M140,750 L60,900 L780,900 L700,750 Z" fill="#f7d792" opacity="0.08"/>',
  };
};

const SCENES: Scene[] = [fadeBackView, toolsFlatLay, chairScene, clipperCloseUp, shavingKit, storefront];

/** One of a barber's six gallery pictures, 1200 x 900; the index picks the scene, the look its colours. */
export function gallerySvg(look: BarberLook, index: number, seed: number): string {
  const scene = SCENES[index % SCENES.length]!;
  const { defs, body } = scene(look, randomSequence(seed * 31 + index));
  return svgDoc(GALLERY_SIZE.width, GALLERY_SIZE.height, defs, body);
}
