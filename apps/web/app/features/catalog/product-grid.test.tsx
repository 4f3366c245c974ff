import type { CatalogProduct } from '@barbershop/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ProductGrid, productCard } from './product-grid.tsx';

const HOODIE: CatalogProduct = {
  _id: '5b0e7a3c-2f4d-4e8a-9c1b-3d6f8a2e4b71',
  name: 'Logo Hoodie',
  slug: 'logo-hoodie',
  description: 'Heavyweight fleece with the shop’s pole on the chest.',
  pricing: 58,
  category: 'Hoodies',
  images: [
    {
      src: '/media/front-640.webp',
      srcSet: '/media/front-320.webp 320w, /media/front-640.webp 640w',
      alt: 'Front',
    },
    {
      src: '/media/back-640.webp',
      srcSet: '/media/back-320.webp 320w, /media/back-640.webp 640w',
      alt: 'Back',
    },
  ],
  stock: [
    { size: 'Medium', quantity: 0 },
    { size: 'Large', quantity: 2 },
  ],
};

describe('productCard', () => {
  it('keeps what a card shows and nothing else: no description, sizes or further pictures', () => {
    expect(productCard(HOODIE)).toEqual({
      _id: HOODIE._id,
      name: 'Logo Hoodie',
      slug: 'logo-hoodie',
      pricing: 58,
      image: HOODIE.images[0],
      soldOut: false,
    });
  });
});

describe('ProductGrid', () => {
  it('shows each card with its first picture, name and price, the placeholder and "Sold out" where they apply', () => {
    const soldOutCap: CatalogProduct = {
      ...HOODIE,
      _id: '9a4c1e2b-7d3f-4b6a-8e5c-1f2a3b4c5d6e',
      name: 'Pole Cap',
      slug: 'pole-cap',
      pricing: 24.5,
      images: [],
      stock: [{ size: 'One Size Fits All', quantity: 0 }],
    };
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <ProductGrid products={[HOODIE, soldOutCap].map(productCard)} />
      </MemoryRouter>,
    );
    const cards = html.split(/<li[\s>]/).slice(1);
    expect(cards).toHaveLength(2);
    expect(cards[0]).toContain('href="/store/logo-hoodie"');
    expect(cards[0]).toContain('Logo Hoodie');
    expect(cards[0]).toContain('$58');
    expect(cards[0]).toContain(`srcSet="${HOODIE.images[0]!.srcSet}"`);
    expect(cards[0]).not.toContain('Sold out');
    expect(cards[1]).toContain('href="/store/pole-cap"');
    expect(cards[1]).toContain('$24.50');
    expect(cards[1]).toContain('/placeholder.svg');
    expect(cards[1]).toContain('Sold out');
  });

  it('says new goods are on their way when nothing is on sale', () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <ProductGrid products={[]} />
      </MemoryRouter>,
    );
    expect(html).toContain('New goods are on their way. Check back soon.');
  });
});
