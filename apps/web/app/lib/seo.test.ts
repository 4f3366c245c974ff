import type { OpeningHours, Shop } from '@barbershop/contract';
import { describe, expect, it } from 'vitest';
import {
  breadcrumbJsonLd,
  canonicalUrl,
  combinedHours,
  hairSalonJsonLd,
  openingHoursSpecification,
  pageMeta,
  postalAddress,
  productJsonLd,
} from './seo.ts';

const PUBLIC_URL = 'https://goldstandard.example';

const SHOP: Shop = {
  name: 'Gold Standard Barbershop',
  phone: '7195550142',
  email: 'hello@goldstandardbarbers.example',
  address: {
    line1: '2150 N Academy Blvd',
    line2: 'Suite 104',
    city: 'Colorado Springs',
    state: 'CO',
    postal_code: '80909',
    country: 'US',
  },
  lat: 38.8706,
  lng: -104.7603,
  socialLinks: [{ label: 'Instagram', url: 'https://www.instagram.com/goldstandardbarbershop' }],
  policies: [],
  hours: {
    monday: [],
    tuesday: [['09:00', '18:00']],
    wednesday: [],
    thursday: [],
    friday: [],
    saturday: [],
    sunday: [],
  },
  salesTaxRate: 0.029,
  version: 1,
  configured: true,
};

const CLOSED: OpeningHours = {
  monday: [],
  tuesday: [],
  wednesday: [],
  thursday: [],
  friday: [],
  saturday: [],
  sunday: [],
};

describe('pageMeta', () => {
  it('gives title, description, canonical URL and Open Graph tags', () => {
    const meta = pageMeta(
      { shop: SHOP, publicUrl: PUBLIC_URL },
      {
        title: 'Marcus Bell | Barbers at Gold Standard Barbershop',
        description: 'Book Marcus.',
        path: '/barbershops/barbers',
        query: { index: '3' },
        image: '/media/images/marcus-640.webp',
      },
    );
    expect(meta).toEqual([
      { title: 'Marcus Bell | Barbers at Gold Standard Barbershop' },
      { name: 'description', content: 'Book Marcus.' },
      { tagName: 'link', rel: 'canonical', href: `${PUBLIC_URL}/barbershops/barbers?index=3` },
      { property: 'og:site_name', content: 'Gold Standard Barbershop' },
      { property: 'og:title', content: 'Marcus Bell | Barbers at Gold Standard Barbershop' },
      { property: 'og:description', content: 'Book Marcus.' },
      { property: 'og:url', content: `${PUBLIC_URL}/barbershops/barbers?index=3` },
      { property: 'og:type', content: 'website' },
      { property: 'og:image', content: `${PUBLIC_URL}/media/images/marcus-640.webp` },
      { name: 'twitter:card', content: 'summary_large_image' },
    ]);
  });

  it('has no og:image without a picture and emits each JSON-LD document as a script descriptor', () => {
    const crumbs = breadcrumbJsonLd([{ name: 'Home', url: `${PUBLIC_URL}/` }]);
    const meta = pageMeta(
      { shop: SHOP, publicUrl: PUBLIC_URL },
      {
        title: 'Privacy Policy',
        description: 'How we protect you.',
        path: '/legal/privacy',
        jsonLd: [crumbs],
      },
    );
    expect(meta.some((tag) => 'property' in tag && tag.property === 'og:image')).toBe(false);
    expect(meta.at(-1)).toEqual({ 'script:ld+json': crumbs });
  });
});

describe('canonicalUrl', () => {
  it('joins the public URL and the path, with only the query it is given', () => {
    expect(canonicalUrl(PUBLIC_URL, '/')).toBe(`${PUBLIC_URL}/`);
    expect(canonicalUrl(PUBLIC_URL, '/store/logo-hoodie')).toBe(`${PUBLIC_URL}/store/logo-hoodie`);
    expect(canonicalUrl(PUBLIC_URL, '/barbershops/barbers', { index: '2' })).toBe(
      `${PUBLIC_URL}/barbershops/barbers?index=2`,
    );
  });

  it('never leaves the site for a path that reads as another host', () => {
    expect(canonicalUrl(PUBLIC_URL, '//evil.example/x')).toBe(`${PUBLIC_URL}//evil.example/x`);
  });
});

describe('hairSalonJsonLd', () => {
  it('describes the salon with a PostalAddress, geo, hours grouped by interval and social links', () => {
    const hours: OpeningHours = {
      ...CLOSED,
      monday: [['09:00', '17:00']],
      tuesday: [['09:00', '17:00']],
      saturday: [
        ['09:00', '13:00'],
        ['14:00', '18:00'],
      ],
    };
    const salon = hairSalonJsonLd({
      name: SHOP.name,
      url: `${PUBLIC_URL}/`,
      address: SHOP.address,
      telephone: SHOP.phone,
      lat: SHOP.lat,
      lng: SHOP.lng,
      hours,
      socialLinks: ['https://www.instagram.com/goldstandardbarbershop'],
      images: [`${PUBLIC_URL}/images/hero-wide-1200.webp`],
    });
    expect(salon).toEqual({
      '@context': 'https://schema.org',
      '@type': 'HairSalon',
      name: 'Gold Standard Barbershop',
      url: `${PUBLIC_URL}/`,
      image: [`${PUBLIC_URL}/images/hero-wide-1200.webp`],
      telephone: '7195550142',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '2150 N Academy Blvd, Suite 104',
        addressLocality: 'Colorado Springs',
        addressRegion: 'CO',
        postalCode: '80909',
        addressCountry: 'US',
      },
      geo: { '@type': 'GeoCoordinates', latitude: 38.8706, longitude: -104.7603 },
      openingHoursSpecification: [
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: ['Monday', 'Tuesday'],
          opens: '09:00',
          closes: '17:00',
        },
        { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '09:00', closes: '13:00' },
        { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '14:00', closes: '18:00' },
      ],
      sameAs: ['https://www.instagram.com/goldstandardbarbershop'],
    });
  });

  it('gives coordinates to six decimals, without the float noise a stored double shows', () => {
    const salon = hairSalonJsonLd({
      name: 'Marcus Bell',
      url: `${PUBLIC_URL}/barbershops/barbers`,
      address: SHOP.address,
      telephone: '7195550143',
      lat: 38.870400000000004,
      lng: -104.76029999999999,
      hours: CLOSED,
      socialLinks: [],
      images: [],
    });
    expect(salon.geo).toEqual({ '@type': 'GeoCoordinates', latitude: 38.8704, longitude: -104.7603 });
  });

  it('leaves out geo without coordinates', () => {
    const salon = hairSalonJsonLd({
      name: 'Marcus Bell',
      url: `${PUBLIC_URL}/barbershops/barbers`,
      address: SHOP.address,
      telephone: '7195550143',
      lat: null,
      lng: null,
      hours: CLOSED,
      socialLinks: [],
      images: [],
    });
    expect(salon).not.toHaveProperty('geo');
    expect(salon).not.toHaveProperty('sameAs');
    expect(salon.openingHoursSpecification).toEqual([]);
  });
});

describe('postalAddress', () => {
  it('maps each field to its schema.org property, line2 joined to the street', () => {
    expect(postalAddress({ ...SHOP.address, line2: '', postal_code: '80909-1234', country: 'CA' })).toEqual({
      '@type': 'PostalAddress',
      streetAddress: '2150 N Academy Blvd',
      addressLocality: 'Colorado Springs',
      addressRegion: 'CO',
      postalCode: '80909-1234',
      addressCountry: 'CA',
    });
  });

  it('leaves out the fields an address kept whole in line1 does not have', () => {
    const typedWhole = {
      line1: 'Behind the old mill',
      line2: '',
      city: '',
      state: '',
      postal_code: '',
      country: '',
    };
    expect(postalAddress(typedWhole)).toEqual({
      '@type': 'PostalAddress',
      streetAddress: 'Behind the old mill',
    });
  });
});

describe('combinedHours', () => {
  it("takes each day's union of the barbers' hours", () => {
    const a: OpeningHours = { ...CLOSED, monday: [['09:00', '13:00']], friday: [['10:00', '18:00']] };
    const b: OpeningHours = {
      ...CLOSED,
      monday: [
        ['12:00', '17:00'],
        ['18:00', '20:00'],
      ],
      saturday: [['08:00', '15:00']],
    };
    expect(combinedHours([a, b])).toEqual({
      ...CLOSED,
      monday: [
        ['09:00', '17:00'],
        ['18:00', '20:00'],
      ],
      friday: [['10:00', '18:00']],
      saturday: [['08:00', '15:00']],
    });
  });
});

describe('a shop open until midnight', () => {
  const late: OpeningHours = { ...CLOSED, friday: [['18:00', '00:00']] };

  it('merges a range closing at midnight with the barbers whose hours it covers', () => {
    const early: OpeningHours = { ...CLOSED, friday: [['09:00', '19:00']] };
    const evening: OpeningHours = { ...CLOSED, friday: [['20:00', '22:00']] };
    expect(combinedHours([late, early, evening]).friday).toEqual([['09:00', '00:00']]);
  });

  it('tells search engines it closes at the end of the day, not at its start', () => {
    expect(openingHoursSpecification({ ...late, saturday: [['00:00', '00:00']] })).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Friday'], opens: '18:00', closes: '23:59' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '00:00', closes: '23:59' },
    ]);
  });
});

describe('breadcrumbJsonLd', () => {
  it('numbers the trail from 1', () => {
    expect(
      breadcrumbJsonLd([
        { name: 'Home', url: `${PUBLIC_URL}/` },
        { name: 'Barbers', url: `${PUBLIC_URL}/barbershops/barbers` },
      ]),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${PUBLIC_URL}/` },
        { '@type': 'ListItem', position: 2, name: 'Barbers', item: `${PUBLIC_URL}/barbershops/barbers` },
      ],
    });
  });
});

describe('productJsonLd', () => {
  it('offers each size in USD, in or out of stock, for pickup at the shop', () => {
    const product = productJsonLd({
      name: 'Logo Hoodie',
      description: 'Midweight charcoal pullover hoodie.',
      url: `${PUBLIC_URL}/store/logo-hoodie`,
      images: [`${PUBLIC_URL}/media/images/hoodie-640.webp`],
      sku: '9b2f',
      price: 55,
      stock: [
        { size: 'Medium', quantity: 4 },
        { size: 'Large', quantity: 0 },
      ],
      brand: 'Gold Standard Barbershop',
    });
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Logo Hoodie',
      sku: '9b2f',
      image: [`${PUBLIC_URL}/media/images/hoodie-640.webp`],
      brand: { '@type': 'Brand', name: 'Gold Standard Barbershop' },
    });
    expect(product.offers).toEqual([
      expect.objectContaining({
        '@type': 'Offer',
        name: 'Logo Hoodie (Medium)',
        sku: '9b2f-Medium',
        price: '55.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        availableDeliveryMethod: 'https://schema.org/OnSitePickup',
      }),
      expect.objectContaining({
        name: 'Logo Hoodie (Large)',
        price: '55.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/OutOfStock',
        availableDeliveryMethod: 'https://schema.org/OnSitePickup',
      }),
    ]);
  });
});
