import type { CatalogProduct, Image } from '@barbershop/contract';
import { formatDollars } from '@barbershop/contract/format';
import { Link } from 'react-router';
import { StoredImage } from '../../components/stored-image.tsx';
import { isSoldOut, productImages } from './product-images.ts';

/** What one card of the grid shows: a product's first picture (or the placeholder), name and price. */
export type ProductCard = Pick<CatalogProduct, '_id' | 'name' | 'slug' | 'pricing'> & {
  image: Image;
  soldOut: boolean;
};

/**
 * The card of a product. A page's loader data is written into its HTML for hydration, so the store
 * page sends this, not every product's description, sizes and pictures.
 */
export function productCard(product: CatalogProduct): ProductCard {
  const [image] = productImages(product);
  return {
    _id: product._id,
    name: product.name,
    slug: product.slug,
    pricing: product.pricing,
    image,
    soldOut: isSoldOut(product),
  };
}

/** The store's 'New Goods' grid (SPEC.md section 2): image, name and price of each published product. */
export function ProductGrid({ products }: { products: ProductCard[] }) {
  if (products.length === 0) {
    return <p className="text-muted">New goods are on their way. Check back soon.</p>;
  }
  return (
    <ul className="grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:grid-cols-4">
      {products.map(({ _id, name, slug, pricing, image, soldOut }, index) => (
        <li key={_id}>
          <Link to={`/store/${slug}`} className="group block rounded">
            <div className="relative aspect-square overflow-hidden rounded-lg bg-white ring-1 ring-charcoal/10">
              <StoredImage
                image={image}
                alt=""
                sizes="(min-width: 1024px) 270px, (min-width: 640px) 33vw, 50vw"
                width={640}
                height={640}
                // The first row is above the fold on a phone; the rest wait until scrolled to.
                loading={index < 2 ? 'eager' : 'lazy'}
                className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-105"
              />
              {soldOut && (
                <span className="absolute left-2 top-2 rounded bg-charcoal px-2 py-1 font-display text-xs uppercase tracking-widest text-paper">
                  Sold out
                </span>
              )}
            </div>
            <h3 className="mt-3 text-lg wrap-anywhere group-hover:underline group-hover:underline-offset-4">
              {name}
            </h3>
            <p className="font-semibold">{formatDollars(pricing)}</p>
          </Link>
        </li>
      ))}
    </ul>
  );
}
