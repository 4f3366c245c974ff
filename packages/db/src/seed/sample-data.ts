/** The shop, barbers and products the seed creates (SPEC.md section 9, DESIGN.md section 4). */
import type { Address, Category, OpeningHours, Shop, Size } from '@barbershop/contract';
import type { BarberLook, ProductLook, ProductView } from './art.ts';

const ADDRESS: Address = {
  line1: '2150 N Academy Blvd',
  line2: 'Suite 104',
  city: 'Colorado Springs',
  state: 'CO',
  postal_code: '80909',
  country: 'US',
};

export const SHOP: Omit<Shop, 'version' | 'configured'> = {
  name: 'Gold Standard Barbershop',
  phone: '7195550142',
  email: 'hello@goldstandardbarbers.example',
  address: ADDRESS,
  lat: 38.8706,
  lng: -104.7603,
  socialLinks: [
    { label: 'Instagram', url: 'https://www.instagram.com/goldstandardbarbershop' },
    { label: 'Facebook', url: 'https://www.facebook.com/goldstandardbarbershop' },
  ],
  policies: [
    'Missed appointments without notice are charged a $20 no-show fee.',
    "Please give 2 or 3 hours' notice to cancel or reschedule.",
    'We take cash, Venmo and Apple Pay.',
    'After-hours appointments are $75.',
    'New clients get $10 off their first visit.',
    'Refer 3 friends and your next haircut is free.',
  ],
  hours: {
    monday: [],
    tuesday: [['09:00', '18:00']],
    wednesday: [['09:00', '18:00']],
    thursday: [['09:00', '20:00']],
    friday: [['09:00', '20:00']],
    saturday: [['08:00', '16:00']],
    sunday: [],
  },
  // Colorado's state sales tax; the dashboard's shop settings change it.
  salesTaxRate: 0.029,
};

export type SampleService = { name: string; description: string; price: number; duration: number };

export type SampleBarber = {
  name: string;
  nickname: string;
  phone: string;
  email: string;
  about: string;
  instagram: string;
  booksyId: number;
  hours: OpeningHours;
  services: SampleService[];
  look: BarberLook;
};

const SPLIT: [string, string][] = [
  ['09:00', '13:00'],
  ['14:00', '19:00'],
];

export const BARBERS: SampleBarber[] = [
  {
    name: 'Marcus Bell',
    nickname: 'Fade King',
    phone: '7195550143',
    email: 'marcus@goldstandardbarbers.example',
    about:
      'Marcus has been blending fades since he was cutting his cousins’ hair on the back porch. ' +
      'He talks football, plays old-school soul, and will not let you leave with a line that is not razor straight.',
    instagram: 'marcus.fadeking',
    booksyId: 800143,
    hours: {
      monday: [],
      tuesday: SPLIT,
      wednesday: [['09:00', '18:00']],
      thursday: SPLIT,
      friday: [['09:00', '18:00']],
      saturday: [['08:00', '15:00']],
      sunday: [],
    },
    services: [
      {
        name: 'Skin Fade',
        description: 'Bald to blended, finished with a razor line-up.',
        price: 45,
        duration: 50,
      },
      {
        name: 'Classic Cut',
        description: 'Clippers and scissors, styled the way you like.',
        price: 40,
        duration: 45,
      },
      {
        name: 'Fade & Beard',
        description: 'A full fade plus beard shape-up and hot towel.',
        price: 65,
        duration: 60,
      },
      {
        name: 'Beard Sculpt',
        description: 'Shape, line and condition a beard of any length.',
        price: 40,
        duration: 40,
      },
      {
        name: 'Line-Up & Design',
        description: 'Crisp edges and a freehand design of your choice.',
        price: 50,
        duration: 45,
      },
    ],
    look: {
      skin: '#8d5a3b',
      hair: '#1b1410',
      hairStyle: 'pompadour',
      beard: 'full',
      glasses: false,
      shirt: '#f6f2ea',
      apron: '#1c1b19',
      backdrop: ['#3b4a52', '#1c2326'],
      accent: '#b8893b',
      leather: '#7a2e25',
    },
  },
  {
    name: 'Diego Ramirez',
    nickname: 'Razor',
    phone: '7195550144',
    email: 'diego@goldstandardbarbers.example',
    about:
      'Diego learned the straight razor from his grandfather in Pueblo and still strops it by hand. ' +
      'Quiet, precise and patient, he is the one to see for a hot-towel shave that feels like a day off.',
    instagram: 'diego.razor.cuts',
    booksyId: 800144,
    hours: {
      monday: [['10:00', '18:00']],
      tuesday: [['10:00', '18:00']],
      wednesday: [],
      thursday: [['10:00', '18:00']],
      friday: [
        ['10:00', '14:00'],
        ['15:00', '20:00'],
      ],
      saturday: [['09:00', '16:00']],
      sunday: [],
    },
    services: [
      {
        name: 'Hot Towel Shave',
        description: 'Straight razor shave with hot towels and balm.',
        price: 55,
        duration: 50,
      },
      {
        name: 'Razor Fade',
        description: 'A fade finished entirely with the straight razor.',
        price: 60,
        duration: 60,
      },
      { name: 'Classic Cut', description: 'A timeless cut, neck shave included.', price: 45, duration: 45 },
      { name: 'Beard Trim', description: 'Trim, shape and hot towel.', price: 40, duration: 40 },
    ],
    look: {
      skin: '#c68b5e',
      hair: '#231a14',
      hairStyle: 'slick',
      beard: 'moustache',
      glasses: false,
      shirt: '#7a2e25',
      apron: '#2a2a2a',
      backdrop: ['#6e2b22', '#2b1310'],
      accent: '#d9b26a',
      leather: '#3b2a20',
    },
  },
  {
    name: 'Jasmine Ortiz',
    nickname: 'Jazz',
    phone: '7195550145',
    email: 'jasmine@goldstandardbarbers.example',
    about:
      'Jasmine came to clippers from ten years of salon work, so scissor cuts and longer styles are her home turf. ' +
      'She is great with kids, nervous first-timers and anyone who wants honest advice about what will suit them.',
    instagram: 'jazz.cuts.cos',
    booksyId: 800145,
    hours: {
      monday: [['09:00', '17:00']],
      tuesday: [['09:00', '17:00']],
      wednesday: [
        ['09:00', '12:00'],
        ['13:00', '17:00'],
      ],
      thursday: [['11:00', '19:00']],
      friday: [['09:00', '17:00']],
      saturday: [],
      sunday: [],
    },
    services: [
      {
        name: 'Scissor Cut',
        description: 'A precise cut with scissors only, wash included.',
        price: 50,
        duration: 50,
      },
      {
        name: 'Kids Cut',
        description: 'For twelve and under, with patience to spare.',
        price: 40,
        duration: 40,
      },
      {
        name: 'Long Hair Trim',
        description: 'Shape and thin longer hair without losing length.',
        price: 55,
        duration: 55,
      },
      {
        name: 'Taper & Texture',
        description: 'A soft taper with a textured, lived-in top.',
        price: 60,
        duration: 60,
      },
      {
        name: 'Wash & Style',
        description: 'Shampoo, scalp massage and a finished style.',
        price: 45,
        duration: 40,
      },
    ],
    look: {
      skin: '#e0b48f',
      hair: '#6b4226',
      hairStyle: 'bun',
      beard: 'none',
      glasses: true,
      shirt: '#2f3b2f',
      apron: '#8a5a34',
      backdrop: ['#e9dcc3', '#b79c74'],
      accent: '#1c1b19',
      leather: '#2f3b2f',
    },
  },
  {
    name: 'Tyrell Jackson',
    nickname: 'TJ',
    phone: '7195550146',
    email: 'tyrell@goldstandardbarbers.example',
    about:
      'TJ is the shop’s texture specialist: sponge twists, high tops and parts so sharp they look drawn on. ' +
      'He keeps the playlist loud, the jokes coming, and books up fast on Saturdays.',
    instagram: 'tj.cuts.springs',
    booksyId: 800146,
    hours: {
      monday: [['12:00', '20:00']],
      tuesday: [],
      wednesday: [['12:00', '20:00']],
      thursday: [
        ['10:00', '14:00'],
        ['15:00', '20:00'],
      ],
      friday: [['10:00', '20:00']],
      saturday: [['08:00', '16:00']],
      sunday: [],
    },
    services: [
      {
        name: 'Twist & Sponge Cut',
        description: 'A cut with sponge twists for defined curls.',
        price: 55,
        duration: 55,
      },
      {
        name: 'High Top Fade',
        description: 'A sculpted high top with clean, tight sides.',
        price: 60,
        duration: 60,
      },
      { name: 'Kids Fade', description: 'A sharp fade for the little ones.', price: 40, duration: 40 },
      {
        name: 'Beard Line-Up',
        description: 'Edges and cheek lines with the razor.',
        price: 40,
        duration: 40,
      },
      {
        name: 'Part & Design',
        description: 'A hard part or freehand design added to any cut.',
        price: 50,
        duration: 45,
      },
      {
        name: 'VIP Cut & Shave',
        description: 'Cut, beard, hot towel and a face mask.',
        price: 70,
        duration: 60,
      },
    ],
    look: {
      skin: '#6b3f26',
      hair: '#161010',
      hairStyle: 'curly',
      beard: 'goatee',
      glasses: false,
      shirt: '#1c1b19',
      apron: '#f6f2ea',
      backdrop: ['#24434a', '#0f1d20'],
      accent: '#b8893b',
      leather: '#6e2b22',
    },
  },
  {
    name: 'Nate Kowalski',
    nickname: 'The Professor',
    phone: '7195550147',
    email: 'nate@goldstandardbarbers.example',
    about:
      'Nate taught high-school chemistry for a decade before trading lab coats for an apron. ' +
      'He explains every step, remembers how you like it, and takes beard care very seriously.',
    instagram: 'nate.the.professor',
    booksyId: 800147,
    hours: {
      monday: [['08:00', '16:00']],
      tuesday: [['08:00', '16:00']],
      wednesday: [['08:00', '16:00']],
      thursday: [],
      friday: [
        ['08:00', '12:00'],
        ['13:00', '16:00'],
      ],
      saturday: [['09:00', '13:00']],
      sunday: [],
    },
    services: [
      {
        name: 'Executive Cut',
        description: 'A tailored business cut with a hot-towel finish.',
        price: 55,
        duration: 50,
      },
      {
        name: 'Beard Shape & Oil',
        description: 'Trim, shape and condition with our own oil.',
        price: 45,
        duration: 40,
      },
      {
        name: 'Head Shave',
        description: 'A smooth razor head shave with hot towels.',
        price: 50,
        duration: 45,
      },
      {
        name: 'Cut & Beard Combo',
        description: 'Executive cut plus full beard service.',
        price: 70,
        duration: 60,
      },
    ],
    look: {
      skin: '#f0c8a8',
      hair: '#a4532a',
      hairStyle: 'bald',
      beard: 'full',
      glasses: true,
      shirt: '#e9e2d4',
      apron: '#3d5a78',
      backdrop: ['#4b4a2f', '#23231a'],
      accent: '#d9b26a',
      leather: '#5a3a22',
    },
  },
  {
    name: 'Eli Whitaker',
    nickname: 'Old School',
    phone: '7195550148',
    email: 'eli@goldstandardbarbers.example',
    about:
      'Eli has been cutting hair in Colorado Springs for thirty years and opened the first chair in this shop. ' +
      'Flat tops, tapers and a proper gentleman’s cut, served with stories you will not hear anywhere else.',
    instagram: 'eli.oldschool.barber',
    booksyId: 800148,
    hours: {
      monday: [['07:00', '15:00']],
      tuesday: [
        ['07:00', '11:00'],
        ['12:00', '15:00'],
      ],
      wednesday: [['07:00', '15:00']],
      thursday: [['07:00', '15:00']],
      friday: [['07:00', '15:00']],
      saturday: [],
      sunday: [],
    },
    services: [
      {
        name: 'Gentleman’s Cut',
        description: 'A classic taper with a side part and pomade.',
        price: 50,
        duration: 50,
      },
      { name: 'Flat Top', description: 'A level flat top, squared and blended.', price: 55, duration: 55 },
      {
        name: 'Hot Towel Shave',
        description: 'The full ritual: lather, razor, hot and cold towels.',
        price: 60,
        duration: 60,
      },
      { name: 'Senior Cut', description: 'For our regulars over 65.', price: 40, duration: 40 },
    ],
    look: {
      skin: '#d9a77f',
      hair: '#9a958c',
      hairStyle: 'fade',
      beard: 'stubble',
      glasses: false,
      shirt: '#f6f2ea',
      apron: '#5a3a22',
      backdrop: ['#2b3550', '#141a29'],
      accent: '#b8893b',
      leather: '#7a2e25',
    },
  },
];

export type SampleProduct = {
  name: string;
  description: string;
  price: number;
  category: Category;
  published: boolean;
  archived: boolean;
  stock: Partial<Record<Size, number>>;
  look: ProductLook;
  views: ProductView[];
};

const ONE_SIZE = (n: number): Partial<Record<Size, number>> => ({ 'One Size Fits All': n });
const CLOTHING = (
  small: number,
  medium: number,
  large: number,
  xl: number,
): Partial<Record<Size, number>> => ({
  Small: small,
  Medium: medium,
  Large: large,
  'Extra-Large': xl,
});

// All published except one draft and one archived; Barber Pole Tee is sold out in Small.
export const PRODUCTS: SampleProduct[] = [
  {
    name: 'Classic Snapback',
    description: 'Structured six-panel snapback in black with the brass shop mark embroidered on the front.',
    price: 32,
    category: 'Hats',
    published: true,
    archived: false,
    stock: ONE_SIZE(24),
    look: { garment: 'snapback', color: '#1c1b19', graphic: 'mark' },
    views: ['front', 'back', 'detail'],
  },
  {
    name: 'Gold Standard Beanie',
    description: 'Thick rib-knit cuffed beanie in oxblood with a leather-look brass patch.',
    price: 24,
    category: 'Hats',
    published: true,
    archived: false,
    stock: ONE_SIZE(30),
    look: { garment: 'beanie', color: '#6e2b22', graphic: 'mark' },
    views: ['front', 'back'],
  },
  {
    name: 'Pole Stripe Dad Hat',
    description: 'Washed cotton dad hat in khaki, low profile with an adjustable brass buckle.',
    price: 28,
    category: 'Hats',
    published: true,
    archived: false,
    stock: ONE_SIZE(18),
    look: { garment: 'dadhat', color: '#d8c9a8', graphic: 'mark' },
    views: ['front', 'back', 'detail'],
  },
  {
    name: 'Brass Crest Snapback',
    description: 'Forest green snapback with the brass crest. Coming soon.',
    price: 34,
    category: 'Hats',
    published: false,
    archived: false,
    stock: ONE_SIZE(12),
    look: { garment: 'snapback', color: '#2f3b2f', graphic: 'crest' },
    views: ['front', 'detail'],
  },
  {
    name: 'Logo Tee',
    description: 'Heavyweight black cotton tee, shop mark on the chest and a big one on the back.',
    price: 28,
    category: 'Shirts',
    published: true,
    archived: false,
    stock: CLOTHING(12, 20, 18, 10),
    look: { garment: 'tee', color: '#1c1b19', graphic: 'mark' },
    views: ['front', 'back', 'detail'],
  },
  {
    name: 'Barber Pole Tee',
    description: 'Off-white tee with a striped barber pole printed across the back.',
    price: 30,
    category: 'Shirts',
    published: true,
    archived: false,
    stock: CLOTHING(0, 8, 9, 4),
    look: { garment: 'tee', color: '#efe8da', graphic: 'pole' },
    views: ['front', 'back'],
  },
  {
    name: 'Straight Razor Tee',
    description: 'Heather grey tee with a straight razor print, a nod to the hot-towel shave.',
    price: 30,
    category: 'Shirts',
    published: true,
    archived: false,
    stock: CLOTHING(6, 10, 10, 6),
    look: { garment: 'tee', color: '#6b6f73', graphic: 'razor' },
    views: ['front', 'back', 'detail'],
  },
  {
    name: 'Vintage Shop Tee',
    description: 'Our first shirt, in tobacco brown with the original crest. Retired.',
    price: 26,
    category: 'Shirts',
    published: true,
    archived: true,
    stock: CLOTHING(2, 3, 1, 0),
    look: { garment: 'tee', color: '#7a4b2a', graphic: 'crest' },
    views: ['front', 'back'],
  },
  {
    name: 'Logo Hoodie',
    description:
      'Midweight charcoal pullover hoodie with a kangaroo pocket and the shop mark front and back.',
    price: 58,
    category: 'Hoodies',
    published: true,
    archived: false,
    stock: CLOTHING(6, 10, 10, 6),
    look: { garment: 'hoodie', color: '#2a2826', graphic: 'mark' },
    views: ['front', 'back', 'detail'],
  },
  {
    name: 'Brass Crest Hoodie',
    description: 'Forest green fleece hoodie with the laurel crest printed large on the back.',
    price: 62,
    category: 'Hoodies',
    published: true,
    archived: false,
    stock: CLOTHING(4, 8, 8, 4),
    look: { garment: 'hoodie', color: '#3a4a3a', graphic: 'crest' },
    views: ['front', 'back', 'detail'],
  },
  {
    name: 'Fade Club Hoodie',
    description: 'Navy hoodie for regulars, with the barber pole down the back.',
    price: 60,
    category: 'Hoodies',
    published: true,
    archived: false,
    stock: CLOTHING(5, 7, 7, 3),
    look: { garment: 'hoodie', color: '#2b2f3a', graphic: 'pole' },
    views: ['front', 'back'],
  },
];
