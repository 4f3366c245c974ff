import type { Size } from '@barbershop/contract';
import { formatDollars } from '@barbershop/contract/format';
import { Link, redirect } from 'react-router';
import { addToCart, atLimit } from '../../features/cart/cart-rules.ts';
import { useCart } from '../../features/cart/cart-store.ts';
import { type AddResult, AddToCartForm } from '../../features/catalog/add-to-cart-form.tsx';
import { ProductGallery } from '../../features/catalog/product-gallery.tsx';
import { productImages, productPhotos } from '../../features/catalog/product-images.ts';
import { orNotFound, serverApi } from '../../lib/api.ts';
import {
  absoluteUrl,
  breadcrumbJsonLd,
  canonicalUrl,
  pageMeta,
  productJsonLd,
  siteFromMatches,
} from '../../lib/seo.ts';
import type { Route } from './+types/product';

export async function loader({ context, params }: Route.LoaderArgs) {
  const product = await orNotFound(
    serverApi(context).get(`/products/store/${encodeURIComponent(params.productName)}`),
  );
  // The exact name works too (DESIGN.md section 7); links and search engines get the one slug URL.
  // Percent-encoded: a header carries no letters but ASCII, and a slug may be in any script.
  if (params.productName !== product.slug) throw redirect(`/store/${encodeURIComponent(product.slug)}`, 301);
  return { product };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const product = loaderData?.product;
  const shopName = site.shop?.name ?? 'Barbershop';
  if (!product) return [{ title: `Not Found | ${shopName}` }];
  const path = `/store/${product.slug}`;
  const url = canonicalUrl(site.publicUrl, path);
  const photos = productPhotos(product);
  // A product may have no description: search results and previews then get its name and price.
  const description =
    product.description ||
    `${product.name}, ${formatDollars(product.pricing)}, from ${shopName}, for pickup at the shop.`;
  return pageMeta(site, {
    title: `${product.name} | ${shopName}`,
    description,
    path,
    type: 'product',
    image: photos[0]?.src,
    jsonLd: [
      productJsonLd({
        name: product.name,
        description,
        url,
        images: photos.map((image) => absoluteUrl(site.publicUrl, image.src)),
        sku: product._id,
        price: product.pricing,
        stock: product.stock,
        brand: shopName,
      }),
      breadcrumbJsonLd([
        { name: 'Home', url: canonicalUrl(site.publicUrl, '/') },
        { name: 'Store', url: canonicalUrl(site.publicUrl, '/store') },
        { name: product.name, url },
      ]),
    ],
  });
}

/** /store/{productName}: pictures, sizes and add-to-cart (SPEC.md sections 2, 4 and 5). */
export default function Product({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  const [cart, update] = useCart();
  const images = productImages(product);

  function add(size: Size): AddResult {
    const stock = product.stock.find((entry) => entry.size === size)?.quantity ?? 0;
    const line = {
      _id: product._id,
      name: product.name,
      slug: product.slug,
      image: images[0],
      size,
      pricing: product.pricing,
      stock,
    };
    if (atLimit(cart, line)) return 'limit';
    update((state) => addToCart(state, line));
    return 'added';
  }

  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-8 focus:outline-none">
      <nav aria-label="Breadcrumb" className="mb-6 text-sm">
        <ol className="flex flex-wrap gap-2">
          <li>
            <Link to="/store" className="text-brass-dark underline underline-offset-4">
              Store
            </Link>
            <span aria-hidden="true" className="ml-2 text-muted">
              /
            </span>
          </li>
          <li aria-current="page" className="min-w-0 wrap-anywhere">
            {product.name}
          </li>
        </ol>
      </nav>
      <div className="grid gap-8 md:grid-cols-2 md:gap-12">
        <ProductGallery images={images} name={product.name} />
        <div className="space-y-6">
          <div>
            <h1 className="text-4xl wrap-anywhere sm:text-5xl">{product.name}</h1>
            <p className="mt-2 text-2xl font-semibold">{formatDollars(product.pricing)}</p>
          </div>
          {/* As typed: its paragraphs and line breaks kept, a long link wrapped rather than widening a phone's page. */}
          <p className="max-w-prose whitespace-pre-line text-lg wrap-anywhere">{product.description}</p>
          <AddToCartForm stock={product.stock} onAdd={add} />
          <p className="text-sm text-muted">Pickup at the shop. All sales are final.</p>
        </div>
      </div>
    </main>
  );
}
