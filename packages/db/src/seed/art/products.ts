import { isDark, linear, logoMark, PALETTE, radial, shade, svgDoc } from './svg.ts';

export type Garment = 'tee' | 'hoodie' | 'snapback' | 'dadhat' | 'beanie';
export type ProductView = 'front' | 'back' | 'detail';
/** The big print on the back of shirts and hoodies. */
export type BackGraphic = 'mark' | 'pole' | 'razor' | 'crest';

export type ProductLook = { garment: Garment; color: string; graphic: BackGraphic };

export const PRODUCT_SIZE = { width: 1200, height: 1200 } as const;

type Inks = { ink: string; accent: string; color: string };

function flatPole(cx: number, cy: number, h: number, { ink, accent, color }: Inks): string {
  const w = h * 0.28;
  const x = cx - w / 2;
  const y = cy - h / 2;
  const bands = [];
  for (let k = -2; k < 10; k++) {
    const y0 = y + k * w * 0.9;
    bands.push(`M${x},${y0 + w} L${x + w},${y0} L${x + w},${y0 + w * 0.42} L${x},${y0 + w * 1.42} Z`);
  }
  return (
    `<clipPath id="print-pole"><rect x="${x}" y="${y}" width="${w}" height="${h}"/></clipPath>` +
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${ink}"/>` +
    `<path clip-path="url(#print-pole)" d="${bands.join(' ')}" fill="${accent}"/>` +
    `<path d="M${x - w * 0.2},${y} C${x - w * 0.2},${y - w * 0.9} ${x + w * 1.2},${y - w * 0.9} ${x + w * 1.2},${y} Z" fill="${accent}"/>` +
    `<path d="M${x - w * 0.2},${y + h} C${x - w * 0.2},${y + h + w * 0.9} ${x + w * 1.2},${y + h + w * 0.9} ${x + w * 1.2},${y + h} Z" fill="${accent}"/>` +
    `<circle cx="${cx}" cy="${y - w * 0.85}" r="${w * 0.22}" fill="${accent}"/>` +
    `<path d="M${cx - h * 0.55},${cy} H${x - w * 0.4} M${x + w * 1.4},${cy} H${cx + h * 0.55}" stroke="${ink}" stroke-width="${h * 0.02}" stroke-dasharray="${h * 0.04} ${h * 0.03}" fill="none"/>` +
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="none" stroke="${color}" stroke-width="${h * 0.01}"/>`
  );
}

function flatRazor(cx: number, cy: number, size: number, { ink, accent }: Inks): string {
  const s = size / 300;
  return (
    `<g transform="translate(${cx} ${cy}) rotate(-30) scale(${s})">` +
    `<circle cx="0" cy="0" r="250" fill="none" stroke="${accent}" stroke-width="14"/>` +
    `<path d="M-6,-24 L-230,-42 C-262,-38 -266,26 -236,30 L-6,18 Z" fill="${ink}"/>` +
    `<path d="M0,-24 C90,-32 200,-30 236,-16 C246,0 246,0 236,16 C200,30 90,32 0,24 Z" fill="${accent}"/>` +
    `<circle cx="0" cy="0" r="12" fill="${ink}"/></g>`
  );
}

function crest(cx: number, cy: number, size: number, inks: Inks): string {
  const leaves = [];
  for (let i = 0; i < 9; i++) {
    const angle = Math.PI * (0.62 + i * 0.085);
    for (const side of [-1, 1]) {
      const x = cx + side * Math.cos(angle) * size * 1.25 * -1;
      const y = cy + Math.sin(angle) * size * 1.25;
      const rot = ((side === 1 ? angle : Math.PI - angle) * 180) / Math.PI + 90;
      leaves.push(
        `<ellipse cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="${size * 0.07}" ry="${size * 0.17}" transform="rotate(${rot.toFixed(1)} ${x.toFixed(1)} ${y.toFixed(1)})" fill="${inks.accent}"/>`,
      );
    }
  }
  const by = cy + size * 1.05;
  return (
    leaves.join('') +
    logoMark('print-crest', cx, cy, size, inks.ink, inks.color) +
    `<path d="M${cx - size * 1.1},${by} L${cx + size * 1.1},${by} L${cx + size * 0.95},${by + size * 0.2} L${cx + size * 1.1},${by + size * 0.4} L${cx - size * 1.1},${by + size * 0.4} L${cx - size * 0.95},${by + size * 0.2} Z" fill="${inks.ink}"/>` +
    `<path d="M${cx - size * 0.7},${by + size * 0.2} H${cx + size * 0.7}" stroke="${inks.color}" stroke-width="${size * 0.05}" stroke-dasharray="${size * 0.1} ${size * 0.06}"/>`
  );
}

function backPrint(graphic: BackGraphic, cx: number, cy: number, size: number, inks: Inks): string {
  switch (graphic) {
    case 'mark':
      return logoMark('print-mark', cx, cy, size, inks.accent, inks.color);
    case 'pole':
      return flatPole(cx, cy, size * 2, inks);
    case 'razor':
      return flatRazor(cx, cy, size, inks);
    case 'crest':
      return crest(cx, cy, size * 0.8, inks);
  }
}

const TEE_FRONT_NECK = 'M505,232 C545,285 655,285 695,232';
const TEE_BACK_NECK = 'M505,232 C545,252 655,252 695,232';

function tee(view: ProductView, look: ProductLook, inks: Inks): string {
  const c = look.color;
  const neck = view === 'back' ? TEE_BACK_NECK : TEE_FRONT_NECK;
  const outline =
    `${neck} L800,258 L955,420 L872,522 L782,455 L784,990 C660,1004 540,1004 416,990 L418,455 ` +
    'L328,522 L245,420 L400,258 Z';
  const parts = [
    `<path d="M505,232 C540,208 660,208 695,232 C655,262 545,262 505,232 Z" fill="${shade(c, -0.4)}"/>`,
    `<path d="${outline}" fill="url(#cloth)"/>`,
    `<path d="${neck}" fill="none" stroke="${shade(c, -0.18)}" stroke-width="22" stroke-linecap="round"/>`,
    `<path d="M259,408 L342,510 M941,408 L858,510 M418,968 C540,982 660,982 784,968" fill="none" stroke="${shade(c, -0.25)}" stroke-width="3" stroke-dasharray="10 7"/>`,
    `<path d="M418,455 C430,600 440,800 470,980 M782,455 C770,620 780,820 740,985" fill="none" stroke="#000000" stroke-width="30" opacity="0.05"/>`,
  ];
  parts.push(view === 'back' ? backPrint(look.graphic, 600, 560, 170, inks) : chestMark(690, 390, 46, inks));
  return parts.join('');
}

function hoodie(view: ProductView, look: ProductLook, inks: Inks): string {
  const c = look.color;
  const rib = (x0: number, x1: number, y0: number, y1: number) => {
    const lines = [];
    for (let x = x0 + 12; x < x1; x += 14) lines.push(`M${x},${y0 + 6} V${y1 - 6}`);
    return `<path d="${lines.join(' ')}" stroke="#000000" stroke-width="3" opacity="0.14"/>`;
  };
  const parts = [
    `<path d="M470,262 C455,150 745,150 730,262 Z" fill="${shade(c, -0.22)}"/>`,
    '<path d="M470,250 L385,285 C310,318 282,400 262,540 L222,860 L308,878 L350,600 L382,480 L384,930 L816,930 ' +
      'L818,480 L850,600 L892,878 L978,860 L938,540 C918,400 890,318 815,285 L730,250 C690,300 510,300 470,250 Z" fill="url(#cloth)"/>',
    `<path d="M222,860 L308,878 L300,946 L212,928 Z M978,860 L892,878 L900,946 L988,928 Z" fill="${shade(c, -0.1)}"/>`,
    `<rect x="384" y="926" width="432" height="70" rx="8" fill="${shade(c, -0.1)}"/>`,
    rib(384, 816, 926, 996),
    `<path d="M382,480 L385,290 M818,480 L815,290" stroke="#000000" stroke-width="3" opacity="0.12"/>`,
  ];
  if (view === 'back') {
    parts.push(
      `<path d="M462,252 C440,430 760,430 738,252 C690,296 510,296 462,252 Z" fill="${shade(c, -0.06)}"/>`,
      `<path d="M600,282 L600,392" stroke="#000000" stroke-width="3" opacity="0.18"/>`,
      backPrint(look.graphic, 600, 650, 150, inks),
    );
  } else {
    parts.push(
      `<path d="M455,700 L745,700 L790,900 L410,900 Z" fill="${shade(c, -0.05)}"/>`,
      `<path d="M455,700 L410,900 M745,700 L790,900" stroke="${shade(c, -0.35)}" stroke-width="6"/>`,
      `<path d="M458,252 C470,360 560,394 600,394 C640,394 730,360 742,252 C700,318 500,318 458,252 Z" fill="${shade(c, -0.04)}"/>`,
      `<path d="M492,262 C512,330 570,356 600,356 C630,356 688,330 708,262 C670,300 530,300 492,262 Z" fill="${shade(c, -0.45)}"/>`,
      `<path d="M566,366 C560,420 562,450 556,480 M634,366 C640,420 638,450 644,480" fill="none" stroke="${inks.ink}" stroke-width="9" stroke-linecap="round"/>`,
      `<rect x="549" y="478" width="14" height="28" rx="4" fill="${inks.accent}"/><rect x="637" y="478" width="14" height="28" rx="4" fill="${inks.accent}"/>`,
      chestMark(600, 590, 62, inks),
    );
  }
  return parts.join('');
}

function snapback(view: ProductView, look: ProductLook, inks: Inks): string {
  const c = look.color;
  const crown = 'M320,660 C310,430 440,320 600,318 C760,320 890,430 880,660 C760,690 440,690 320,660 Z';
  if (view === 'back') {
    return (
      `<path d="M286,640 C330,596 870,596 914,640 C934,694 860,724 600,726 C340,724 266,694 286,640 Z" fill="${shade(c, -0.3)}"/>` +
      `<path d="${crown}" fill="url(#cloth)"/>` +
      `<path d="M600,322 L600,600 M470,340 C420,420 400,540 410,680 M730,340 C780,420 800,540 790,680" fill="none" stroke="#000000" stroke-width="4" opacity="0.2"/>` +
      `<path d="M512,684 C512,590 688,590 688,684 Z" fill="${shade(c, -0.55)}"/>` +
      `<rect x="488" y="604" width="224" height="34" rx="10" fill="${PALETTE.charcoal}"/>` +
      [520, 556, 592, 628, 664]
        .map((x) => `<circle cx="${x + 8}" cy="621" r="8" fill="${shade(PALETTE.charcoal, 0.3)}"/>`)
        .join('') +
      `<ellipse cx="600" cy="322" rx="26" ry="12" fill="${shade(c, -0.2)}"/>` +
      chestMark(600, 470, 40, inks)
    );
  }
  return (
    `<path d="${crown}" fill="url(#cloth)"/>` +
    `<path d="M600,322 L600,676 M470,340 C420,420 400,540 410,680 M730,340 C780,420 800,540 790,680" fill="none" stroke="#000000" stroke-width="4" opacity="0.18"/>` +
    `<circle cx="470" cy="430" r="9" fill="${shade(c, -0.4)}"/><circle cx="730" cy="430" r="9" fill="${shade(c, -0.4)}"/>` +
    `<ellipse cx="600" cy="322" rx="26" ry="12" fill="${shade(c, -0.2)}"/>` +
    `<path d="M290,640 C330,676 870,676 910,640 C950,720 870,806 600,812 C330,806 250,720 290,640 Z" fill="url(#brim)"/>` +
    `<path d="M316,688 C380,770 820,770 884,688" fill="none" stroke="${shade(c, 0.25)}" stroke-width="3" stroke-dasharray="10 7" opacity="0.6"/>` +
    chestMark(600, 520, 92, inks)
  );
}

function dadhat(view: ProductView, look: ProductLook, inks: Inks): string {
  const c = look.color;
  const crown = 'M340,640 C330,470 450,392 600,390 C750,392 870,470 860,640 C760,668 440,668 340,640 Z';
  if (view === 'back') {
    return (
      `<path d="M320,628 C380,590 820,590 880,628 C896,676 830,700 600,702 C370,700 304,676 320,628 Z" fill="${shade(c, -0.28)}"/>` +
      `<path d="${crown}" fill="url(#cloth)"/>` +
      `<path d="M600,394 L600,560 M480,410 C440,480 420,560 424,650 M720,410 C760,480 780,560 776,650" fill="none" stroke="#000000" stroke-width="4" opacity="0.18"/>` +
      `<path d="M530,664 C530,580 670,580 670,664 Z" fill="${shade(c, -0.55)}"/>` +
      `<rect x="500" y="586" width="200" height="26" rx="6" fill="${shade(c, -0.12)}"/>` +
      `<rect x="616" y="578" width="44" height="42" rx="6" fill="none" stroke="${PALETTE.brass}" stroke-width="9"/>` +
      `<ellipse cx="600" cy="392" rx="20" ry="9" fill="${shade(c, -0.2)}"/>`
    );
  }
  return (
    `<path d="${crown}" fill="url(#cloth)"/>` +
    `<path d="M600,394 L600,650 M480,410 C440,480 420,560 424,650 M720,410 C760,480 780,560 776,650" fill="none" stroke="#000000" stroke-width="4" opacity="0.15"/>` +
    `<ellipse cx="600" cy="392" rx="20" ry="9" fill="${shade(c, -0.2)}"/>` +
    `<path d="M330,624 C400,668 800,668 870,624 C890,704 830,796 600,802 C370,796 310,704 330,624 Z" fill="url(#brim)"/>` +
    `<path d="M352,664 C420,740 780,740 848,664 M372,690 C440,764 760,764 828,690" fill="none" stroke="${shade(c, 0.25)}" stroke-width="3" stroke-dasharray="10 7" opacity="0.5"/>` +
    chestMark(600, 540, 62, inks)
  );
}

function beanie(view: ProductView, look: ProductLook, _inks: Inks): string {
  const c = look.color;
  const knit = [];
  for (let k = -7; k <= 7; k++) knit.push(`M${600 + k * 10},336 Q${600 + k * 30},520 ${600 + k * 30},700`);
  const cuff = [];
  for (let x = 372; x < 840; x += 16) cuff.push(`M${x},654 V816`);
  const parts = [
    `<path d="M380,700 C372,440 470,330 600,328 C730,330 828,440 820,700 Z" fill="url(#cloth)"/>`,
    `<path d="${knit.join(' ')}" fill="none" stroke="#000000" stroke-width="5" opacity="0.12"/>`,
    `<rect x="356" y="640" width="488" height="190" rx="30" fill="${shade(c, -0.06)}"/>`,
    `<path d="${cuff.join(' ')}" stroke="#000000" stroke-width="5" opacity="0.14"/>`,
    `<rect x="356" y="640" width="488" height="20" rx="10" fill="#ffffff" opacity="0.08"/>`,
  ];
  if (view === 'back') {
    parts.push(`<path d="M600,336 L600,640" stroke="#000000" stroke-width="4" opacity="0.2"/>`);
  } else {
    parts.push(
      `<rect x="526" y="684" width="148" height="104" rx="12" fill="${shade(PALETTE.brass, -0.15)}"/>`,
      `<rect x="536" y="694" width="128" height="84" rx="8" fill="none" stroke="${PALETTE.paper}" stroke-width="3" stroke-dasharray="8 6"/>`,
      logoMark('patch-mark', 600, 736, 32, PALETTE.charcoal, shade(PALETTE.brass, -0.15)),
    );
  }
  return parts.join('');
}

/** The small shop mark where a garment carries its logo: brass ring on the garment's own colour. */
function chestMark(cx: number, cy: number, r: number, inks: Inks): string {
  return logoMark(`mark-${cx}-${cy}`, cx, cy, r, inks.accent, inks.color);
}

const DRAW: Record<Garment, (view: ProductView, look: ProductLook, inks: Inks) => string> = {
  tee,
  hoodie,
  snapback,
  dadhat,
  beanie,
};

// Where the detail view zooms in: the logo of each garment.
const FOCUS: Record<Garment, [x: number, y: number, zoom: number]> = {
  tee: [690, 390, 3],
  hoodie: [600, 560, 2.6],
  snapback: [600, 520, 2.4],
  dadhat: [600, 560, 2.8],
  beanie: [600, 720, 2.8],
};

// Where the garment meets the floor, for its shadow.
const GROUND: Record<Garment, number> = { tee: 1030, hoodie: 1030, snapback: 850, dadhat: 840, beanie: 860 };

/** A product shot, 1200 x 1200, of a garment in its colour on a warm paper backdrop. */
export function productSvg(look: ProductLook, view: ProductView): string {
  const { width, height } = PRODUCT_SIZE;
  const c = look.color;
  const inks: Inks = { ink: isDark(c) ? PALETTE.paper : PALETTE.charcoal, accent: PALETTE.brass, color: c };
  const defs =
    linear('bg', [PALETTE.paper, shade(PALETTE.paper, -0.08)]) +
    radial('shadow', [
      ['#000000', 0.22],
      ['#000000', 0],
    ]) +
    linear('cloth', [shade(c, 0.1), c, shade(c, -0.16)], [0, 0, 1, 0.3]) +
    linear('brim', [shade(c, -0.05), shade(c, -0.25)]);
  const garment = DRAW[look.garment](view, look, inks);
  let body = `<rect width="${width}" height="${height}" fill="url(#bg)"/>`;
  if (view === 'detail') {
    const [fx, fy, zoom] = FOCUS[look.garment];
    body += `<g transform="translate(600 600) scale(${zoom}) translate(${-fx} ${-fy})">${garment}</g>`;
  } else {
    body += `<ellipse cx="600" cy="${GROUND[look.garment]}" rx="420" ry="60" fill="url(#shadow)"/>${garment}`;
  }
  return svgDoc(width, height, defs, body);
}
