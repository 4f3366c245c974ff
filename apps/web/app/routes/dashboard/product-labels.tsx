import { Button } from '../../components/button.tsx';
import { PageHeader } from '../../features/dashboard-shell/page-header.tsx';
import type { Route } from './+types/product-labels';
import { dashboardMeta } from './dashboard-meta.ts';
import { itemQrCodes, loadProduct } from './product-load.server.ts';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { product, publicUrl } = await loadProduct(request, context, params.productName);
  // ?items=a,b or ?items=a&items=b (the item table's form); none chosen means every item.
  const chosen = new Set(
    new URL(request.url).searchParams
      .getAll('items')
      .flatMap((value) => value.split(','))
      .filter(Boolean),
  );
  const items = chosen.size === 0 ? product.items : product.items.filter((item) => chosen.has(item._id));
  const qrCodes = await itemQrCodes(publicUrl, product.slug, items);
  return {
    name: product.name,
    slug: product.slug,
    labels: items.map((item) => ({
      ...item,
      url: new URL(`/store/${product.slug}/${item._id}`, publicUrl).href,
      qr: qrCodes[item._id] ?? '',
    })),
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return dashboardMeta(`Labels of ${loaderData?.name ?? 'Product'}`, matches);
}

/**
 * A printable sheet: one label per item (its own page when printed), with the QR code of its page.
 * No page break after the last one: it printed a blank page (a wasted label) at the end of each sheet.
 */
export default function ProductLabels({ loaderData }: Route.ComponentProps) {
  const { name, slug, labels } = loaderData;
  return (
    <>
      {/* Printed, the sheet is the labels alone: its first page is the first label. */}
      <div className="print:hidden">
        <PageHeader
          title={`Labels of ${name}`}
          names={{ [slug]: name }}
          actions={<Button onClick={() => window.print()}>Print</Button>}
        />
      </div>
      {labels.length === 0 ? (
        <p>No items to label.</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 print:block">
          {labels.map((label) => (
            <li
              key={label._id}
              className="flex break-inside-avoid flex-col items-center gap-2 rounded border-2 border-dashed border-charcoal/40 bg-white p-4 text-center print:not-last:break-after-page print:border-0"
            >
              <p className="font-display text-xl uppercase wrap-anywhere">{name}</p>
              <p>{label.size}</p>
              <div
                role="img"
                aria-label={`QR code of ${label.url}`}
                className="h-40 w-40 [&>svg]:h-full [&>svg]:w-full"
                // biome-ignore lint/security/noDangerouslySetInnerHtml: SVG the loader drew from our own URL.
                dangerouslySetInnerHTML={{ __html: label.qr }}
              />
              <p className="break-all font-mono text-xs">{label._id}</p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
