import { RESERVED_PRODUCT_SLUGS } from '@barbershop/contract';
import { type RouterContextProvider, redirect } from 'react-router';
import { notFound, orNotFound, serverApi } from '../../lib/api.ts';
import { publicConfigContext } from '../../lib/api-context.ts';
import { pageAddress } from '../../lib/page-address.ts';
import { qrSvg } from '../../lib/qr.server.ts';

/** The product of the URL with its items, and the site origin their links start with. */
export async function loadProduct(request: Request, context: Readonly<RouterContextProvider>, name: string) {
  // The API's own words after /products/ (`published`) are other routes, never a product.
  if (RESERVED_PRODUCT_SLUGS.has(name)) notFound();
  const product = await orNotFound(serverApi(context).get(`/products/${encodeURIComponent(name)}`));
  // Its id finds it whatever it is called now (a form whose product was renamed meanwhile reloads
  // by id): the page's address then names it as links do.
  if (name === product._id) {
    const slug = encodeURIComponent(product.slug);
    throw redirect(pageAddress(request).replace(`/products/${name}`, `/products/${slug}`));
  }
  const publicUrl = context.get(publicConfigContext).publicUrl || new URL(request.url).origin;
  return { product, publicUrl };
}

/** A QR code (SVG) of each item's public page, by item id. */
export async function itemQrCodes(
  publicUrl: string,
  slug: string,
  items: { _id: string }[],
): Promise<Record<string, string>> {
  const entries = await Promise.all(
    items.map(async (item) => [item._id, await qrSvg(new URL(`/store/${slug}/${item._id}`, publicUrl).href)]),
  );
  return Object.fromEntries(entries);
}
