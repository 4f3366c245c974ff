import type { CatalogProduct, Shop } from '@barbershop/contract';
import type { MetaDescriptor } from 'react-router';
import { describe, expect, it } from 'vitest';
import { testLoadContext } from '../../lib/testing.ts';
import type { Route as ProductRoute } from './+types/product';
import type { Route as StoreRoute } from './+types/store';
import * as productPage from './product.tsx';
import * as storePage from './store.tsx';

const PUBLIC_URL = 'https://goldstandard.example';
const PLACEHOLDER = { src: '/placeholder.svg', srcSet: '', alt: 'Shop Cap' };
const PHOTO = { src: '/media/images/cap-640.webp', srcSet: '', alt: 'Shop Cap' };

function product(overrides: Partial<CatalogProduct>): CatalogProduct {
  return {
    _id: '5f0c1a52-7c55-4c8e-9a55-6d1f4f6f2a10',
    name: 'Shop Cap',
    slug: 'shop-cap',
    description: 'Six panels, brass buckle.',
    pricing: 25,
    category: 'Hats',
    images: [PHOTO],
    stock: [{ size: 'One Size Fits All', quantity: 3 }],
    ...overrides,
  };
}

/** The root route's data as a page's `meta` reads it: the shop's name and the public URL. */
const matches = [
  { id: 'root', loaderData: { shop: { name: 'Gold Standard' } as Shop, config: { publicUrl: PUBLIC_URL } } },
];

/** The product page's head, as search engines and link previews read it. */
function head(shown: CatalogProduct) {
  const descriptors = productPage.meta({
    loaderData: { product: shown },
    matches,
  } as unknown as ProductRoute.MetaArgs) as MetaDescriptor[];
  const tags = descriptors as Record<string, unknown>[];
  const content = (key: 'name' | 'property', value: string) =>
    tags.find((tag) => tag[key] === value)?.content;
  const jsonLd = descriptors.flatMap((d) => ('script:ld+json' in d ? [d['script:ld+json']] : []));
  return {
    description: content('name', 'description'),
    ogDescription: content('property', 'og:description'),
    ogImage: content('property', 'og:image'),
    twitterCard: content('name', 'twitter:card'),
    product: jsonLd.find((d) => (d as { '@type': string })['@type'] === 'Product') as Record<string, unknown>,
  };
}

describe("a product page's head", () => {
  it('shows its first picture, absolute, in previews and structured data', () => {
    const shown = head(product({}));
    expect(shown.ogImage).toBe(`${PUBLIC_URL}${PHOTO.src}`);
    expect(shown.twitterCard).toBe('summary_large_image');
    expect(shown.product.image).toEqual([`${PUBLIC_URL}${PHOTO.src}`]);
    expect(shown.description).toBe('Six panels, brass buckle.');
  });

  it('without a description, describes it by name, price and shop rather than an empty text', () => {
    const shown = head(product({ description: '' }));
    const expected = 'Shop Cap, $25, from Gold Standard, for pickup at the shop.';
    expect(shown.description).toBe(expected);
    expect(shown.ogDescription).toBe(expected);
    expect(shown.product.description).toBe(expected);
  });

  it('without a picture, offers previews and search engines no placeholder', () => {
    const shown = head(product({ images: [PLACEHOLDER] }));
    expect(shown.ogImage).toBeUndefined();
    expect(shown.twitterCard).toBeUndefined();
    expect(shown.product).not.toHaveProperty('image');
  });
});

describe("the store page's preview picture", () => {
  it('is the first product picture, passing over products that have none', async () => {
    const products = [product({ images: [PLACEHOLDER] }), product({ _id: 'b', images: [PHOTO] })];
    const data = await storePage.loader({
      context: testLoadContext(async () => Response.json(products)),
    } as unknown as StoreRoute.LoaderArgs);
    expect(data.shareImage).toBe(PHOTO.src);
  });
});
