import type { Address, OpeningHours, Shop, Size } from '@barbershop/contract';
import { rangeMinutes, WEEKDAY_NAMES, WEEKDAYS, type Weekday } from '@barbershop/contract/domain';
import { decimalDollars, dollarsToCents, urlOnSite } from '@barbershop/contract/format';
import type { MetaDescriptor } from 'react-router';
import type { RootData } from '../root.tsx';

/** What search engines and link previews learn about one page. */
export type PageSeo = {
  /** The whole title, as the browser tab and search results show it. */
  title: string;
  description: string;
  /** Path of the canonical URL, without the origin. */
  path: string;
  /** Query parameters that pick out different content (e.g. a barber's tab); others never make it in. */
  query?: Record<string, string>;
  /** Site-relative or absolute URL of the page's picture, for link previews. */
  image?: string;
  type?: 'website' | 'product' | 'profile';
  /** JSON-LD documents (HairSalon, BreadcrumbList, Product...). */
  jsonLd?: object[];
};

/** The root loader's data as a route's `meta` sees it: the shop and the site's public URL. */
export function siteFromMatches(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]): {
  shop: Shop | undefined;
  publicUrl: string;
} {
  const root = matches.find((match) => match?.id === 'root')?.loaderData as RootData | undefined;
  return { shop: root?.shop, publicUrl: root?.config.publicUrl ?? '' };
}

/**
 * An absolute URL on this site, as search engines and link previews need. A path always stays on
 * PUBLIC_URL's host: `//evil.example/x` is a path here, not another site.
 */
export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  const origin = publicUrl || 'http://localhost';
  return pathOrUrl.startsWith('/') ? urlOnSite(origin, pathOrUrl).href : new URL(pathOrUrl, origin).href;
}

/** The one URL search engines should index for a page: the public origin, the path, meaningful query only. */
export function canonicalUrl(publicUrl: string, path: string, query: Record<string, string> = {}): string {
  const url = new URL(absoluteUrl(publicUrl, path));
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.href;
}

/** Title, description, canonical link, Open Graph tags and JSON-LD for a route's `meta` export. */
export function pageMeta(
  site: { shop: Shop | undefined; publicUrl: string },
  page: PageSeo,
): MetaDescriptor[] {
  const url = canonicalUrl(site.publicUrl, page.path, page.query);
  const descriptors: MetaDescriptor[] = [
    { title: page.title },
    { name: 'description', content: page.description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: site.shop?.name ?? 'Barbershop' },
    { property: 'og:title', content: page.title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: url },
    { property: 'og:type', content: page.type ?? 'website' },
  ];
  if (page.image) {
    descriptors.push(
      { property: 'og:image', content: absoluteUrl(site.publicUrl, page.image) },
      { name: 'twitter:card', content: 'summary_large_image' },
    );
  }
  for (const document of page.jsonLd ?? []) descriptors.push({ 'script:ld+json': document });
  return descriptors;
}

/** Weekly hours as schema.org OpeningHoursSpecification, one entry per opening interval and its days. */
export function openingHoursSpecification(hours: OpeningHours) {
  const byInterval = new Map<string, { days: string[]; opens: string; closes: string }>();
  for (const [day, intervals] of Object.entries(hours) as [Weekday, [string, string][]][]) {
    for (const [opens, closes] of intervals) {
      const key = `${opens}-${closes}`;
      const entry = byInterval.get(key) ?? { days: [], opens, closes };
      entry.days.push(WEEKDAY_NAMES[day]);
      byInterval.set(key, entry);
    }
  }
  return [...byInterval.values()].map((entry) => ({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: entry.days,
    opens: entry.opens,
    // Midnight as schema.org's readers take the end of a day: 00:00 to 00:00 would read as closed.
    closes: entry.closes === '00:00' ? '23:59' : entry.closes,
  }));
}

/** The shop's hours: for each day, the union of its barbers' hours (overlapping intervals merged). */
export function combinedHours(all: OpeningHours[]): OpeningHours {
  return Object.fromEntries(
    WEEKDAYS.map((day) => {
      const intervals = all
        .flatMap((hours) => hours[day] ?? [])
        .sort((a, b) => rangeMinutes(a)[0] - rangeMinutes(b)[0]);
      const merged: [string, string][] = [];
      for (const range of intervals) {
        const last = merged.at(-1);
        const [opens, closes] = rangeMinutes(range);
        if (!last || opens > rangeMinutes(last)[1]) merged.push([range[0], range[1]]);
        else if (closes > rangeMinutes(last)[1]) last[1] = range[1];
      }
      return [day, merged];
    }),
  ) as OpeningHours;
}

/**
 * An address as schema.org PostalAddress, field by field; a field left empty (an address kept whole
 * in line1) is left out rather than sent blank.
 */
export function postalAddress(address: Address) {
  const fields = {
    streetAddress: [address.line1, address.line2].filter(Boolean).join(', '),
    addressLocality: address.city,
    addressRegion: address.state,
    postalCode: address.postal_code,
    addressCountry: address.country,
  };
  return {
    '@type': 'PostalAddress',
    ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value)),
  };
}

export type HairSalonInput = {
  name: string;
  url: string;
  address: Address;
  telephone: string;
  lat: number | null;
  lng: number | null;
  hours: OpeningHours;
  socialLinks: string[];
  /** Absolute image URLs. */
  images: string[];
  email?: string;
};

/** A coordinate to six decimals (about 10 cm), without the float noise a stored double can show (38.870400000000004). */
function toSixDecimals(degrees: number): number {
  return Math.round(degrees * 1e6) / 1e6;
}

/** schema.org HairSalon: lets search engines show the shop's address, hours and phone with its results. */
export function hairSalonJsonLd(salon: HairSalonInput) {
  return {
    '@context': 'https://schema.org',
    '@type': 'HairSalon',
    name: salon.name,
    url: salon.url,
    ...(salon.images.length ? { image: salon.images } : {}),
    telephone: salon.telephone,
    ...(salon.email ? { email: salon.email } : {}),
    address: postalAddress(salon.address),
    ...(salon.lat !== null && salon.lng !== null
      ? {
          geo: {
            '@type': 'GeoCoordinates',
            latitude: toSixDecimals(salon.lat),
            longitude: toSixDecimals(salon.lng),
          },
        }
      : {}),
    openingHoursSpecification: openingHoursSpecification(salon.hours),
    ...(salon.socialLinks.length ? { sameAs: salon.socialLinks } : {}),
  };
}

/** schema.org BreadcrumbList: the trail search engines show instead of the bare URL. */
export function breadcrumbJsonLd(trail: { name: string; url: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.name,
      item: crumb.url,
    })),
  };
}

export type ProductJsonLdInput = {
  name: string;
  description: string;
  /** Absolute URL of the product page. */
  url: string;
  /** Absolute image URLs. */
  images: string[];
  sku: string;
  /** Price in dollars, as the API sends product pricing. */
  price: number;
  /** Units in stock per size on offer. */
  stock: { size: Size; quantity: number }[];
  brand: string;
};

/**
 * schema.org Product with one Offer per size, priced in USD, in or out of stock, for pickup at the
 * shop: lets search engines show price and availability with the product.
 */
export function productJsonLd(product: ProductJsonLdInput) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    url: product.url,
    sku: product.sku,
    ...(product.images.length ? { image: product.images } : {}),
    brand: { '@type': 'Brand', name: product.brand },
    offers: product.stock.map(({ size, quantity }) => ({
      '@type': 'Offer',
      name: `${product.name} (${size})`,
      sku: `${product.sku}-${size}`,
      url: product.url,
      price: decimalDollars(dollarsToCents(product.price)),
      priceCurrency: 'USD',
      itemCondition: 'https://schema.org/NewCondition',
      availability: quantity > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      availableDeliveryMethod: 'https://schema.org/OnSitePickup',
      seller: { '@type': 'Organization', name: product.brand },
    })),
  };
}
