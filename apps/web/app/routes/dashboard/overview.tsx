import type { AdminProduct } from '@barbershop/contract';
import { Link } from 'react-router';
import { DataTable, EmptyState, tableLinkClass } from '../../components/data-table.tsx';
import { loadSignedIn } from '../../features/auth/load-signed-in.ts';
import { PageHeader } from '../../features/dashboard-shell/page-header.tsx';
import { serverApi } from '../../lib/api.ts';
import type { Route } from './+types/overview';
import { dashboardMeta } from './dashboard-meta.ts';

/** A size with this many units or fewer left is worth restocking. */
const LOW_STOCK = 3;

export async function loader({ request, context }: Route.LoaderArgs) {
  const products = await loadSignedIn(request, () => serverApi(context).get<AdminProduct[]>('/products'));
  const live = products.filter((product) => !product.archived);
  const lowStock = live.flatMap((product) =>
    product.stock
      .filter((entry) => entry.quantity <= LOW_STOCK)
      .map((entry) => ({ key: `${product._id}-${entry.size}`, product, ...entry })),
  );
  return {
    counts: {
      published: live.filter((product) => product.published).length,
      drafts: live.filter((product) => !product.published).length,
      archived: products.length - live.length,
    },
    lowStock,
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return dashboardMeta('Overview', matches);
}

/** /dashboard: the shop at a glance. */
export default function Overview({ loaderData }: Route.ComponentProps) {
  const { counts, lowStock } = loaderData;
  const tiles = [
    { label: 'Published products', value: counts.published },
    { label: 'Drafts', value: counts.drafts },
    { label: 'Archived', value: counts.archived },
  ];
  return (
    <>
      <PageHeader title="Overview" />
      <ul className="grid gap-4 sm:grid-cols-3">
        {tiles.map((tile) => (
          <li key={tile.label} className="rounded-lg bg-white p-4 ring-1 ring-charcoal/10">
            <p className="text-sm text-muted">{tile.label}</p>
            <p className="font-display text-4xl">{tile.value}</p>
          </li>
        ))}
      </ul>
      <section aria-labelledby="low-stock-heading" className="mt-8">
        <h2 id="low-stock-heading" className="mb-4 text-2xl">
          Low stock
        </h2>
        <DataTable
          label="Low stock"
          caption={`Sizes with ${LOW_STOCK} or fewer left`}
          rows={lowStock}
          rowKey={(row) => row.key}
          empty={<EmptyState message="Every size has more than 3 in stock." />}
          columns={[
            { header: 'Product', cell: (row) => row.product.name, rowHeader: true },
            { header: 'Size', cell: (row) => row.size },
            { header: 'Left', cell: (row) => row.quantity },
            {
              header: 'Action',
              cell: (row) => (
                <Link to={`/dashboard/products/${row.product.slug}/edit`} className={tableLinkClass}>
                  Restock
                  <span className="sr-only">
                    {' '}
                    {row.product.name}, {row.size}
                  </span>
                </Link>
              ),
            },
          ]}
        />
      </section>
    </>
  );
}
