import { ProductGrid, productCard } from '../../features/catalog/product-grid.tsx';
import { productPhotos } from '../../features/catalog/product-images.ts';
import { StoreHero } from '../../features/catalog/store-hero.tsx';
import { serverApi } from '../../lib/api.ts';
import { breadcrumbJsonLd, canonicalUrl, pageMeta, siteFromMatches } from '../../lib/seo.ts';
import { useRootData } from '../../root.tsx';
import type { Route } from './+types/store';

export async function loader({ context }: Route.LoaderArgs) {
  const products = await serverApi(context).get('/products/published');
  return {
    products: products.map(productCard),
    shareImage: products.flatMap(productPhotos)[0]?.src,
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const shopName = site.shop?.name ?? 'Barbershop';
  return pageMeta(site, {
    title: `Store | ${shopName}`,
    description: `Hats, shirts and hoodies from ${shopName}, for pickup at the shop.`,
    path: '/store',
    image: loaderData?.shareImage,
    jsonLd: [
      breadcrumbJsonLd([
        { name: 'Home', url: canonicalUrl(site.publicUrl, '/') },
        { name: 'Store', url: canonicalUrl(site.publicUrl, '/store') },
      ]),
    ],
  });
}

/** /store: the hero and the 'New Goods' grid of published products (SPEC.md section 2). */
export default function Store({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  return (
    <main id="main" tabIndex={-1} className="focus:outline-none">
      <StoreHero shopName={root?.shop.name ?? 'our shop'} />
      <section aria-labelledby="new-goods" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="new-goods" className="mb-6 text-3xl">
          New Goods
        </h2>
        <ProductGrid products={loaderData.products} />
      </section>
    </main>
  );
}
