import type { CatalogProduct } from '@barbershop/contract';
import { formatDollars } from '@barbershop/contract/format';
import { Link } from 'react-router';
import { StoredImage } from '../../components/stored-image.tsx';
import { isSoldOut, productImages } from './product-images.ts';

/** The store's 'New Goods' grid (SPEC.md section 2): image, name and price of each published product. */
export function ProductGrid({ products }: { products: CatalogProduct[] }) {
  if (products.length === 0) {
    return <p className="text-muted">New goods are on their way. Check back soon.</p>;
  }
  return (
    <ul className="grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:grid-cols-4">
      {products.map((product, index) => {
        const [image] = productImages(product);
        const soldOut = isSoldOut(product);
        return (
          <li key={product._id}>
            <Link to={`/store/${product.slug}`} className="group block rounded">
              <div className="relative aspect-square overflow-hidden rounded-lg bg-white ring-1 ring-charcoal/10">
                {image && (
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
                )}
                {soldOut && (
                  <span className="absolute left-2 top-2 rounded bg-charcoal px-2 py-1 font-display text-xs uppercase tracking-widest text-paper">
                    Sold out
                  </span>
                )}
              </div>
              <h3 className="mt-3 text-lg group-hover:underline group-hover:underline-offset-4">
                {product.name}
              </h3>
              <p className="font-semibold">{formatDollars(product.pricing)}</p>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
