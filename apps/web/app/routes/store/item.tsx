import { type ItemCertificate as Certificate, RESERVED_PRODUCT_SLUGS } from '@barbershop/contract';
import { isUuid } from '@barbershop/contract/domain';
import { data, Link, redirect } from 'react-router';
import { ItemCertificate } from '../../features/catalog/item-certificate.tsx';
import { ApiError, serverApi } from '../../lib/api.ts';
import { publicConfigContext } from '../../lib/api-context.ts';
import { qrSvg } from '../../lib/qr.server.ts';
import { absoluteUrl, siteFromMatches } from '../../lib/seo.ts';
import type { Route } from './+types/item';

export async function loader({ context, params }: Route.LoaderArgs) {
  // SPEC.md section 8: a missing item is a page that says so, not the error screen.
  const missing = () => data({ certificate: null, qr: '' }, { status: 404 });
  // The API's own words after /products/ (`store`) are other routes: no item is there.
  if (RESERVED_PRODUCT_SLUGS.has(params.productName) || !isUuid(params.itemId)) return missing();
  let certificate: Certificate;
  try {
    certificate = await serverApi(context).get(
      `/products/${encodeURIComponent(params.productName)}/${encodeURIComponent(params.itemId)}`,
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return missing();
    throw error;
  }
  const path = `/store/${certificate.product.slug}/${certificate.item._id}`;
  // A label printed before the product was renamed: on to the item's address as it is now.
  if (params.productName !== certificate.product.slug) throw redirect(encodeURI(path), 301);
  // The QR code carries the public address, whatever host the request came in on.
  const { publicUrl } = context.get(publicConfigContext);
  const url = absoluteUrl(publicUrl, path);
  return { certificate, qr: await qrSvg(url) };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const { shop } = siteFromMatches(matches);
  const product = loaderData?.certificate?.product.name;
  // One page per physical item: a certificate for its owner to share, not a page for search engines.
  return [
    { title: `${product ? `${product} item` : 'No item found'} | ${shop?.name ?? 'Barbershop'}` },
    { name: 'robots', content: 'noindex' },
  ];
}

/** /store/{productName}/{itemId}: one physical item, or 'No item found' (SPEC.md sections 2 and 8). */
export default function Item({ loaderData }: Route.ComponentProps) {
  const { certificate, qr } = loaderData;
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-10 focus:outline-none">
      {certificate ? (
        <ItemCertificate certificate={certificate} qr={qr} />
      ) : (
        <div className="mx-auto max-w-xl space-y-4 py-10 text-center">
          <h1 className="text-4xl">No item found</h1>
          <p>The link may be mistyped, or the item no longer exists.</p>
          <Link to="/store" className="font-semibold text-brass-dark underline underline-offset-4">
            Visit the store
          </Link>
        </div>
      )}
    </main>
  );
}
