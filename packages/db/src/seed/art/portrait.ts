import { linear, logoMark, PALETTE, radial, shade, svgDoc } from './svg.ts';

export type HairStyle = 'fade' | 'pompadour' | 'curly' | 'bald' | 'bun' | 'slick';
export type BeardStyle = 'none' | 'stubble' | 'full' | 'goatee' | 'moustache';

/** What makes one barber's drawings theirs: a face and a colour scheme. */
export type BarberLook = {
  skin: string;
  hair: string;
  hairStyle: HairStyle;
  beard: BeardStyle;
  glasses: boolean;
  shirt: string;
  apron: string;
  /** Top and bottom of the backdrop gradient. */
  backdrop: [string, string];
  accent: string;
  /** The upholstery of the barber's chair in the gallery. */
  leather: string;
};

export const PORTRAIT_SIZE = { width: 800, height: 1000 } as const;

// Shapes that hug the top of the head (centre 400,410; radii 122 x 150).
const SIDES =
  'M278,445 C268,300 320,244 400,242 C480,244 532,300 522,445 L506,445 C506,360 490,318 460,306 ' +
  'C420,294 380,294 340,306 C310,318 294,360 294,445 Z';
const CAP =
  'M282,395 C274,292 326,246 400,244 C474,246 526,292 518,395 C506,345 488,318 462,310 ' +
  'C420,300 380,300 338,310 C312,318 294,345 282,395 Z';

function hairFront(look: BarberLook): string {
  const hair = look.hair;
  const highlight = shade(hair, 0.3);
  const fadedSides = `<path d="${SIDES}" fill="url(#fade)"/>`;
  switch (look.hairStyle) {
    case 'fade':
      return `${fadedSides}<path d="${CAP}" fill="${hair}"/>`;
    case 'pompadour':
      return (
        fadedSides +
        '<path d="M292,338 C266,236 336,168 424,172 C506,176 548,236 516,322 C488,300 448,290 400,292 C352,294 316,306 292,338 Z" ' +
        `fill="${hair}"/>` +
        `<path d="M330,262 C370,210 450,196 500,228 M344,292 C390,250 460,244 508,270" fill="none" stroke="${highlight}" stroke-width="6" stroke-linecap="round" opacity="0.55"/>`
      );
    case 'curly': {
      const curls: string[] = [];
      for (let row = 0; row < 2; row++) {
        const radius = row === 0 ? 128 : 88;
        const count = row === 0 ? 11 : 7;
        for (let i = 0; i < count; i++) {
          const angle = Math.PI * (1.08 + (0.84 * i) / (count - 1));
          const x = 400 + Math.cos(angle) * radius;
          const y = 350 + Math.sin(angle) * radius * 0.9;
          const r = row === 0 ? 32 : 36;
          curls.push(
            `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${r}" fill="${i % 2 ? hair : shade(hair, 0.08)}"/>`,
          );
        }
      }
      return `${fadedSides}${curls.join('')}<circle cx="400" cy="268" r="40" fill="${hair}"/>`;
    }
    case 'bald':
      return (
        `<path d="${SIDES}" fill="url(#fade)" opacity="0.35"/>` +
        '<ellipse cx="360" cy="300" rx="46" ry="24" fill="#ffffff" opacity="0.22" transform="rotate(-20 360 300)"/>'
      );
    case 'bun':
      return (
        '<path d="M280,430 C270,300 322,248 400,246 C478,248 530,300 520,430 C512,360 486,322 452,312 ' +
        `C420,336 344,342 300,372 C290,390 284,410 280,430 Z" fill="${hair}"/>` +
        `<path d="M330,300 C380,280 430,284 470,300" fill="none" stroke="${highlight}" stroke-width="5" stroke-linecap="round" opacity="0.5"/>`
      );
    case 'slick':
      return (
        `${fadedSides}<path d="M284,380 C272,282 330,236 404,236 C478,236 530,282 516,380 C504,330 486,304 460,298 ` +
        `C420,288 370,290 330,304 C306,318 292,346 284,380 Z" fill="${hair}"/>` +
        `<path d="M348,300 C336,280 340,258 356,246" fill="none" stroke="${shade(hair, -0.4)}" stroke-width="4"/>` +
        `<path d="M372,288 C420,262 470,268 504,300 M380,270 C430,250 470,256 498,276" fill="none" stroke="${highlight}" stroke-width="5" stroke-linecap="round" opacity="0.5"/>`
      );
  }
}

function hairBack(look: BarberLook): string {
  if (look.hairStyle !== 'bun') return '';
  return (
    `<circle cx="400" cy="232" r="58" fill="${shade(look.hair, -0.1)}"/>` +
    `<path d="M372,196 C392,186 412,186 430,196" fill="none" stroke="${shade(look.hair, 0.3)}" stroke-width="5" opacity="0.5"/>` +
    `<path d="M272,430 C262,300 320,238 400,238 C480,238 538,300 528,430 L540,610 C480,640 320,640 260,610 Z" fill="${shade(look.hair, -0.15)}"/>`
  );
}

const JAW =
  'M278,420 C284,540 330,606 400,612 C470,606 516,540 522,420 C510,456 490,468 460,472 C430,476 370,476 340,472 C310,468 290,456 278,420 Z';
const MOUSTACHE =
  'M346,494 C362,470 388,470 400,480 C412,470 438,470 454,494 C436,488 416,490 400,497 C384,490 364,488 346,494 Z';

function beard(look: BarberLook): string {
  const color = look.hair;
  switch (look.beard) {
    case 'none':
      return '';
    case 'stubble':
      return `<path d="${JAW}" fill="${color}" opacity="0.3"/><path d="${MOUSTACHE}" fill="${color}" opacity="0.4"/>`;
    case 'full':
      return (
        `<path d="${JAW}" fill="${color}"/>` +
        `<path d="M340,560 C370,585 430,585 460,560" fill="none" stroke="${shade(color, 0.25)}" stroke-width="5" opacity="0.5"/>` +
        `<path d="${MOUSTACHE}" fill="${shade(color, -0.1)}"/>`
      );
    case 'goatee':
      return (
        `<path d="${JAW}" fill="${color}" opacity="0.18"/>` +
        `<path d="M362,500 C356,548 374,582 400,585 C426,582 444,548 438,500 C424,526 376,526 362,500 Z" fill="${color}"/>` +
        `<path d="${MOUSTACHE}" fill="${color}"/>`
      );
    case 'moustache':
      return (
        '<path d="M340,498 C356,466 390,468 400,480 C410,468 444,466 460,498 C468,488 474,480 476,470 ' +
        `C478,494 462,504 446,496 C430,490 414,492 400,498 C386,492 370,490 354,496 C338,504 322,494 324,470 C326,480 332,488 340,498 Z" fill="${color}"/>`
      );
  }
}

function face(look: BarberLook): string {
  const line = shade(look.skin, -0.35);
  const brow = look.hairStyle === 'bald' ? shade(look.hair, 0.1) : look.hair;
  const parts = [
    `<path d="M330,388 Q354,374 378,384 M422,384 Q446,374 470,388" fill="none" stroke="${brow}" stroke-width="9" stroke-linecap="round"/>`,
    '<ellipse cx="355" cy="416" rx="9" ry="10" fill="#2a211c"/><ellipse cx="445" cy="416" rx="9" ry="10" fill="#2a211c"/>',
    '<circle cx="358" cy="412" r="2.6" fill="#ffffff"/><circle cx="448" cy="412" r="2.6" fill="#ffffff"/>',
    `<path d="M402,426 C398,450 388,462 393,468 C399,473 409,473 414,466" fill="none" stroke="${line}" stroke-width="4" stroke-linecap="round"/>`,
    '<ellipse cx="336" cy="468" rx="22" ry="12" fill="#d9776b" opacity="0.14"/><ellipse cx="464" cy="468" rx="22" ry="12" fill="#d9776b" opacity="0.14"/>',
    '<path d="M374,508 Q400,524 426,508" fill="none" stroke="#5a2f2a" stroke-width="5" stroke-linecap="round"/>',
  ];
  if (look.glasses) {
    parts.push(
      `<g fill="none" stroke="${PALETTE.charcoal}" stroke-width="5"><rect x="318" y="392" width="74" height="50" rx="16"/>` +
        '<rect x="408" y="392" width="74" height="50" rx="16"/><path d="M392,410 Q400,402 408,410 M318,408 L284,400 M482,408 L516,400"/></g>' +
        '<path d="M330,402 L350,400 M420,402 L440,400" stroke="#ffffff" stroke-width="4" opacity="0.5"/>',
    );
  }
  return parts.join('');
}

function apron(look: BarberLook): string {
  const dark = shade(look.apron, -0.3);
  return (
    `<path d="M306,742 L366,676 M494,742 L434,676" stroke="${dark}" stroke-width="16" stroke-linecap="round"/>` +
    '<path d="M282,736 L518,736 L548,1000 L252,1000 Z" fill="url(#apron)"/>' +
    `<path d="M290,752 L510,752" stroke="${shade(look.apron, 0.2)}" stroke-width="3" stroke-dasharray="10 8" opacity="0.7"/>` +
    `<rect x="328" y="868" width="144" height="92" rx="8" fill="${shade(look.apron, -0.12)}"/>` +
    `<rect x="336" y="876" width="128" height="76" rx="6" fill="none" stroke="${look.accent}" stroke-width="3" stroke-dasharray="9 7"/>` +
    // A comb in the pocket.
    `<rect x="350" y="826" width="30" height="48" rx="4" fill="${PALETTE.charcoal}"/>` +
    `<path d="M356,834 H374 M356,844 H374 M356,854 H374 M356,864 H374" stroke="${shade(PALETTE.charcoal, 0.3)}" stroke-width="3"/>` +
    // Scissor handles.
    `<circle cx="432" cy="850" r="14" fill="none" stroke="${look.accent}" stroke-width="6"/>` +
    `<circle cx="452" cy="856" r="14" fill="none" stroke="${look.accent}" stroke-width="6"/>` +
    logoMark('apron-mark', 400, 796, 30, look.accent, dark)
  );
}

/** A stylised barber at the chair, 800 x 1000: the profile picture of a sample barber. */
export function portraitSvg(look: BarberLook): string {
  const { width, height } = PORTRAIT_SIZE;
  const defs = [
    linear('bg', [look.backdrop[0], look.backdrop[1]]),
    radial(
      'glow',
      [
        ['#ffffff', 0.28],
        ['#ffffff', 0],
      ],
      0.5,
      0.5,
      0.5,
    ),
    radial('skin', [shade(look.skin, 0.12), look.skin, shade(look.skin, -0.08)], 0.4, 0.35, 0.7),
    linear('shirt', [shade(look.shirt, 0.12), shade(look.shirt, -0.15)]),
    linear('apron', [shade(look.apron, 0.08), shade(look.apron, -0.18)], [0, 0, 1, 1]),
    linear('mirror', [shade(look.backdrop[0], 0.16), shade(look.backdrop[1], 0.05)], [0, 0, 1, 1]),
    `<linearGradient id="fade" gradientUnits="userSpaceOnUse" x1="0" y1="250" x2="0" y2="450">${[
      [look.hair, 1, 0],
      [look.hair, 0.9, 35],
      [look.hair, 0.35, 70],
      [look.hair, 0, 100],
    ]
      .map(([c, o, p]) => `<stop offset="${p}%" stop-color="${c}" stop-opacity="${o}"/>`)
      .join('')}</linearGradient>`,
  ].join('');
  const neck = shade(look.skin, -0.14);
  const body = [
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>`,
    '<path d="M150,1000 L150,330 A250,250 0 0 1 650,330 L650,1000 Z" fill="url(#mirror)"/>',
    `<path d="M150,1000 L150,330 A250,250 0 0 1 650,330 L650,1000" fill="none" stroke="${look.accent}" stroke-width="14"/>`,
    '<path d="M520,160 L600,110 M560,220 L640,170" stroke="#ffffff" stroke-width="10" opacity="0.12" stroke-linecap="round"/>',
    '<circle cx="400" cy="420" r="360" fill="url(#glow)"/>',
    hairBack(look),
    '<path d="M90,1000 C98,820 170,716 300,690 L500,690 C630,716 702,820 710,1000 Z" fill="url(#shirt)"/>',
    `<path d="M345,540 L345,700 Q400,740 455,700 L455,540 Z" fill="${neck}"/>`,
    `<path d="M345,660 L400,735 L455,660 L455,700 L400,760 L345,700 Z" fill="${shade(look.shirt, -0.25)}"/>`,
    apron(look),
    `<ellipse cx="278" cy="420" rx="22" ry="34" fill="${shade(look.skin, -0.06)}"/>`,
    `<ellipse cx="522" cy="420" rx="22" ry="34" fill="${shade(look.skin, -0.06)}"/>`,
    `<ellipse cx="280" cy="420" rx="10" ry="18" fill="${shade(look.skin, -0.2)}"/>`,
    `<ellipse cx="520" cy="420" rx="10" ry="18" fill="${shade(look.skin, -0.2)}"/>`,
    '<ellipse cx="400" cy="410" rx="122" ry="150" fill="url(#skin)"/>',
    `<path d="M340,556 Q400,596 460,556" fill="none" stroke="${neck}" stroke-width="6" opacity="0.4"/>`,
    hairFront(look),
    beard(look),
    face(look),
  ];
  return svgDoc(width, height, defs, body.join(''));
}
