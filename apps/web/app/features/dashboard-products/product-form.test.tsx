import type { AdminProductDetail } from '@barbershop/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub, useLoaderData } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../lib/api.ts';
import { ProductForm } from './product-form.tsx';

const HOODIE: AdminProductDetail = {
  _id: '0b9c2f7e-4a43-4f0e-9d3c-6b1a2e5f8c11',
  name: 'Logo Hoodie',
  slug: 'logo-hoodie',
  description: 'Heavy fleece.',
  pricing: 55,
  category: 'Hoodies',
  images: [{ src: '/placeholder.svg', srcSet: '', alt: 'Logo Hoodie' }],
  imageKeys: [],
  stock: [
    { size: 'Medium', quantity: 6 },
    { size: 'Large', quantity: 0 },
  ],
  reserved: [{ size: 'Large', quantity: 2 }],
  published: true,
  archived: false,
  version: 3,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  items: [],
};

function EditPage() {
  const product = useLoaderData<AdminProductDetail>();
  return <ProductForm api={{} as ApiClient} product={product} onSaved={() => {}} />;
}

/** The edit form as the page first renders it, in a router as the dashboard's pages are. */
const form = (product: AdminProductDetail) => {
  const Page = createRoutesStub([{ id: 'edit', path: '/', Component: EditPage, loader: () => product }]);
  return renderToStaticMarkup(<Page hydrationData={{ loaderData: { edit: product } }} />);
};

describe('ProductForm', () => {
  it("says beside a size's stock how many more units checkouts hold, tied to its field", () => {
    const html = form(HOODIE);
    expect(html).toContain(
      '<p id="reserved-Large" class="basis-full text-sm text-muted">2 more held by checkouts in progress</p>',
    );
    expect(html).toMatch(/<input id="stock-Large"[^>]*aria-describedby="reserved-Large"/);
    expect(html).not.toContain('reserved-Medium');
  });

  it('ties the held units to a size whose name has spaces', () => {
    const hat = { ...HOODIE, stock: [{ size: 'One Size Fits All' as const, quantity: 4 }] };
    const html = form({ ...hat, reserved: [{ size: 'One Size Fits All', quantity: 1 }] });
    expect(html).toMatch(
      /<input id="stock-One-Size-Fits-All"[^>]*aria-describedby="reserved-One-Size-Fits-All"/,
    );
    expect(html).toContain('<p id="reserved-One-Size-Fits-All"');
  });

  it('shows a price with cents as money is written, 35.50, not 35.5', () => {
    expect(form({ ...HOODIE, pricing: 35.5 })).toMatch(/<input[^>]*name="pricing"[^>]*value="35.50"/);
    expect(form(HOODIE)).toMatch(/<input[^>]*name="pricing"[^>]*value="55.00"/);
  });

  it('says nothing of checkouts when none holds any unit', () => {
    expect(form({ ...HOODIE, reserved: [] })).not.toContain('more held by checkouts');
  });
});
