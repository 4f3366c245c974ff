import { ITEMS_PAGE, type StockEntry } from '@barbershop/contract';
import { ACCESS } from '@barbershop/contract/domain';
import { formatPricing } from '@barbershop/contract/format';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { buttonClass } from '../../components/button.tsx';
import { StoredImage } from '../../components/stored-image.tsx';
import { useToast } from '../../components/toast.tsx';
import { AuditHistory } from '../../features/dashboard-audit/audit-history.tsx';
import { recordHistory } from '../../features/dashboard-audit/record-history.ts';
import { AddItemsForm } from '../../features/dashboard-products/add-items-form.tsx';
import { ITEMS_PAGE_PARAM, ItemsTable } from '../../features/dashboard-products/items-table.tsx';
import { ProductActions } from '../../features/dashboard-products/product-actions.tsx';
import { ProductStatusBadge } from '../../features/dashboard-products/products-table.tsx';
import { PageHeader } from '../../features/dashboard-shell/page-header.tsx';
import { serverApi } from '../../lib/api.ts';
import { pageOf } from '../../lib/page-of.ts';
import { useBrowserApi } from '../../lib/use-browser-api.ts';
import { useRootData } from '../../root.tsx';
import type { Route } from './+types/product';
import { dashboardMeta } from './dashboard-meta.ts';
import { itemQrCodes, loadProduct } from './product-load.server.ts';

/** "Small: 4, Large: 2": counts per size, in the order given. */
function sizeCounts(entries: StockEntry[]): string {
  return entries.map((entry) => `${entry.size}: ${entry.quantity}`).join(', ');
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { product, publicUrl } = await loadProduct(request, context, params.productName);
  const shown = pageOf(product.items, new URL(request.url).searchParams.get(ITEMS_PAGE_PARAM), ITEMS_PAGE);
  // The product's own changes, its stock and its walk-in items are all recorded under its id.
  const [qrCodes, history] = await Promise.all([
    itemQrCodes(publicUrl, product.slug, shown.rows),
    recordHistory(serverApi(context), product._id),
  ]);
  // Only the page's items reach the page: the others would be sent and never shown.
  const { items: _all, ...rest } = product;
  return {
    product: { ...rest, items: shown.rows },
    itemsShown: { page: shown.page, pages: shown.pages, first: shown.first, total: shown.total },
    publicUrl,
    qrCodes,
    history,
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return dashboardMeta(loaderData?.product.name ?? 'Product', matches);
}

/** /dashboard/products/{productName}: the product, its flags, and its items. */
export default function ProductView({ loaderData }: Route.ComponentProps) {
  const { product, itemsShown, publicUrl, qrCodes, history } = loaderData;
  const api = useBrowserApi();
  const { revalidate } = useRevalidator();
  const navigate = useNavigate();
  const toast = useToast();
  return (
    <>
      <PageHeader
        title={product.name}
        names={{ [product.slug]: product.name }}
        actions={
          <Link to={`/dashboard/products/${product.slug}/edit`} className={buttonClass()}>
            Edit<span className="sr-only"> {product.name}</span>
          </Link>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[1fr_2fr]">
        <div className="grid grid-cols-3 gap-2 self-start">
          {product.images.map((image, index) => (
            <StoredImage
              key={image.src}
              image={image}
              alt={`${product.name}, image ${index + 1}`}
              sizes="160px"
              className="aspect-square w-full rounded object-cover"
            />
          ))}
        </div>
        <div className="flex flex-col gap-4">
          <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-6 gap-y-2 break-words">
            <dt className="font-semibold">Status</dt>
            <dd>
              <ProductStatusBadge product={product} />
            </dd>
            <dt className="font-semibold">SKU</dt>
            <dd className="break-all font-mono text-sm">{product._id}</dd>
            <dt className="font-semibold">Pricing</dt>
            <dd>{formatPricing(product.pricing)}</dd>
            <dt className="font-semibold">Category</dt>
            <dd>{product.category}</dd>
            <dt className="font-semibold">Stock</dt>
            <dd>{product.stock.length === 0 ? 'No sizes offered' : sizeCounts(product.stock)}</dd>
            {product.reserved.length > 0 && (
              <>
                <dt className="font-semibold">Held by checkouts</dt>
                <dd>{sizeCounts(product.reserved)}</dd>
              </>
            )}
          </dl>
          <p className="whitespace-pre-line">{product.description}</p>
          <ProductActions
            api={api}
            product={product}
            canDelete={(useRootData()?.user?.accessLevel ?? 0) >= ACCESS.admin}
            onChanged={(said) => {
              // The button keeps focus and only its own word changes: the notice says what happened.
              toast(said);
              revalidate();
            }}
            onDeleted={() => {
              toast(`Product ${product.name} deleted`);
              navigate('/dashboard/products');
            }}
          />
        </div>
      </div>
      <section aria-labelledby="items-heading" className="mt-10 flex flex-col gap-4">
        <h2 id="items-heading" className="text-2xl">
          Items
        </h2>
        <ItemsTable
          api={api}
          product={product}
          qrCodes={qrCodes}
          publicUrl={publicUrl}
          shown={itemsShown}
          onChanged={revalidate}
        />
        <AddItemsForm
          api={api}
          product={product}
          onAdded={(count) => {
            toast(`${count} item${count === 1 ? '' : 's'} added`);
            revalidate();
          }}
        />
      </section>
      <AuditHistory {...history} />
    </>
  );
}
