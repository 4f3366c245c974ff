import {
  type AdminProductDetail,
  ITEM_STATUSES,
  ITEMS_PAGE,
  type ItemStatus,
  type ProductItem,
} from '@barbershop/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { buttonClass } from '../../components/button.tsx';
import { DataTable, EmptyState, tableLinkClass } from '../../components/data-table.tsx';
import { inputClass } from '../../components/form-field.tsx';
import { PagePager } from '../../components/page-pager.tsx';
import { useSignInAgain } from '../../components/sign-in-again.tsx';
import { useToast } from '../../components/toast.tsx';
import type { ApiClient } from '../../lib/api.ts';
import { type PageShown, pageOf } from '../../lib/page-of.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';

/** The query parameter of the items table's page on a product's dashboard page. */
export const ITEMS_PAGE_PARAM = 'items-page';

/** An item's public page, absolute so it works on a printed label and when pasted anywhere. */
export function itemUrl(publicUrl: string, slug: string, itemId: string): string {
  return new URL(`/store/${slug}/${itemId}`, publicUrl).href;
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * A product's physical items (SPEC.md section 4): status printing or ready (choosing printing copies
 * the item's link), the owner switch N/A or Owned where no customer owns it, a QR code of the link,
 * and boxes to choose items for the label sheet.
 */
export function ItemsTable({
  api,
  product,
  qrCodes,
  publicUrl,
  shown,
  onChanged,
}: {
  api: ApiClient;
  /** The product with the items of the page shown. */
  product: AdminProductDetail;
  /** SVG of each item's QR code, by item id, drawn on the server. */
  qrCodes: Record<string, string>;
  publicUrl: string;
  /** Which page of how many, and where it starts among how many items. */
  shown: PageShown;
  onChanged: () => void;
}) {
  const toast = useToast();
  // Each change is saved by a fetch: one made before the page hydrates would only look saved.
  const hydrated = useHydrated();
  const [failure, setFailure] = useState<string | null>(null);
  const signInAgain = useSignInAgain();
  const [items, setItems] = useState(product.items);
  const [shownFrom, setShownFrom] = useState(product.items);
  // New loader data (after a save elsewhere on the page) replaces what this table showed.
  if (shownFrom !== product.items) {
    setShownFrom(product.items);
    setItems(product.items);
  }

  async function update(item: ProductItem, change: { status?: ItemStatus; owner?: '' | 'owned' }) {
    setFailure(null);
    try {
      const saved = await api.send('PATCH', `/products/${product._id}/items/${item._id}`, change);
      setItems(pageOf(saved.items, String(shown.page), ITEMS_PAGE).rows);
      if (change.status === 'printing') {
        const copied = await copyText(itemUrl(publicUrl, product.slug, item._id));
        toast(
          copied ? 'Item link copied to the clipboard' : 'Status saved; the link could not be copied',
          copied ? 'success' : 'info',
        );
      } else {
        // The select already shows the new value: the notice says it was saved.
        const which = `Item ${item._id.slice(0, 8)}`;
        toast(
          change.status
            ? `${which} is ${change.status}`
            : `${which}'s owner is ${change.owner === 'owned' ? 'Owned' : 'N/A'}`,
        );
      }
      onChanged();
    } catch (error) {
      signInAgain.noteFrom(error);
      setFailure('Could Not Complete');
    }
  }

  return (
    <form method="get" action={`/dashboard/products/${product.slug}/labels`} className="flex flex-col gap-3">
      {failure && (
        <Alert>
          {failure}
          {signInAgain.note}
        </Alert>
      )}
      <DataTable
        label="Items"
        caption={`Physical items of ${product.name}`}
        minWidth="52rem"
        rows={items}
        rowKey={(item) => item._id}
        empty={<EmptyState message="No items yet. Items are made when an order is paid or added below." />}
        columns={[
          {
            header: <span className="sr-only">Choose for labels</span>,
            label: 'Choose',
            cell: (item) => (
              <input
                type="checkbox"
                name="items"
                value={item._id}
                aria-label={`Choose item ${item._id} for labels`}
                className="h-6 w-6 accent-charcoal"
              />
            ),
          },
          {
            header: 'Item Id',
            cell: (item) => item._id,
            rowHeader: true,
            className: 'font-mono text-xs font-normal',
          },
          { header: 'Size', cell: (item) => item.size },
          {
            header: 'Owner',
            typed: true,
            cell: (item) =>
              item.owner === '' || item.owner === 'owned' ? (
                <div className="w-32">
                  <select
                    aria-label={`Owner of item ${item._id}`}
                    disabled={!hydrated}
                    value={item.owner}
                    onChange={(event) => update(item, { owner: event.currentTarget.value as '' | 'owned' })}
                    className={inputClass}
                  >
                    <option value="">N/A</option>
                    <option value="owned">Owned</option>
                  </select>
                </div>
              ) : (
                item.owner
              ),
          },
          {
            header: 'Status',
            cell: (item) => (
              <div className="w-32">
                <select
                  aria-label={`Status of item ${item._id}`}
                  disabled={!hydrated}
                  value={item.status}
                  onChange={(event) => update(item, { status: event.currentTarget.value as ItemStatus })}
                  className={inputClass}
                >
                  {ITEM_STATUSES.map((status) => (
                    <option key={status} value={status}>
                      {status}
                    </option>
                  ))}
                </select>
              </div>
            ),
          },
          {
            header: 'QR code',
            cell: (item) => (
              <div
                role="img"
                aria-label={`QR code of ${itemUrl(publicUrl, product.slug, item._id)}`}
                className="h-16 w-16 [&>svg]:h-full [&>svg]:w-full"
                // The server drew this SVG from our own URL with the qrcode library: no user markup in it.
                // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted SVG generated in the loader.
                dangerouslySetInnerHTML={{ __html: qrCodes[item._id] ?? '' }}
              />
            ),
          },
          {
            header: 'Label',
            cell: (item) => (
              <Link
                to={`/dashboard/products/${product.slug}/labels?items=${item._id}`}
                className={tableLinkClass}
              >
                Label<span className="sr-only"> of item {item._id}</span>
              </Link>
            ),
          },
        ]}
      />
      <PagePager noun="items" param={ITEMS_PAGE_PARAM} shown={shown} shownCount={items.length} />
      {items.length > 0 && (
        <div>
          <button type="submit" className={buttonClass('secondary')}>
            Print labels of the chosen items
          </button>
        </div>
      )}
    </form>
  );
}
