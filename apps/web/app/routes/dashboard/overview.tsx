import { formatCents, formatDate } from '@barbershop/contract/format';
import { Link } from 'react-router';
import { DataTable, EmptyState, tableLinkClass } from '../../components/data-table.tsx';
import { OrderStatus } from '../../features/account/order-status.tsx';
import { RevenueChart } from '../../features/dashboard-overview/revenue-chart.tsx';
import { PageHeader } from '../../features/dashboard-shell/page-header.tsx';
import { orNotFound, serverApi } from '../../lib/api.ts';
import { useTimeZone } from '../../lib/use-time-zone.ts';
import type { Route } from './+types/overview';
import { dashboardMeta } from './dashboard-meta.ts';

export async function loader({ context }: Route.LoaderArgs) {
  const overview = await orNotFound(serverApi(context).get('/dashboard/overview'));
  return { overview };
}

export function meta({ matches }: Route.MetaArgs) {
  return dashboardMeta('Overview', matches);
}

function Tile({ label, value, detail, to }: { label: string; value: string; detail?: string; to?: string }) {
  const body = (
    <>
      <p className="text-sm text-muted">{label}</p>
      <p className="font-display text-3xl">{value}</p>
      {detail && <p className="text-sm">{detail}</p>}
    </>
  );
  return (
    <li className="rounded-lg bg-white ring-1 ring-charcoal/10">
      {to ? (
        <Link to={to} className="block rounded-lg p-4 hover:bg-paper focus-visible:outline-2">
          {body}
        </Link>
      ) : (
        <div className="p-4">{body}</div>
      )}
    </li>
  );
}

const orders = (count: number) => `${count} order${count === 1 ? '' : 's'}`;

/** /dashboard: sales, what is waiting on the shop, low stock and the newest orders. */
export default function OverviewPage({ loaderData }: Route.ComponentProps) {
  const timeZone = useTimeZone();
  const { revenue, waiting, lowStock, recentOrders, dailyRevenue } = loaderData.overview;
  return (
    <>
      <PageHeader title="Overview" />
      <section aria-labelledby="sales-heading">
        <h2 id="sales-heading" className="mb-3 text-2xl">
          Sales
        </h2>
        <ul className="grid gap-4 sm:grid-cols-3">
          <Tile
            label="Today"
            value={formatCents(revenue.today.revenue)}
            detail={orders(revenue.today.orders)}
          />
          <Tile
            label="Last 7 days"
            value={formatCents(revenue.last7Days.revenue)}
            detail={orders(revenue.last7Days.orders)}
          />
          <Tile
            label="Last 30 days"
            value={formatCents(revenue.last30Days.revenue)}
            detail={orders(revenue.last30Days.orders)}
          />
        </ul>
        <div className="mt-4">
          <RevenueChart days={dailyRevenue} />
        </div>
      </section>
      <section aria-labelledby="waiting-heading" className="mt-8">
        <h2 id="waiting-heading" className="mb-3 text-2xl">
          Waiting on the shop
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Tile
            label="Needs attention"
            value={String(waiting.attention)}
            detail={waiting.attention ? 'A refund to pay back or a dispute to answer' : undefined}
            to="/dashboard/orders?attention=open"
          />
          <Tile
            label="To print (processing)"
            value={String(waiting.processing)}
            to="/dashboard/orders?status=processing"
          />
          <Tile label="Ready for pickup" value={String(waiting.ready)} to="/dashboard/orders?status=ready" />
          <Tile label="Shipped" value={String(waiting.shipped)} to="/dashboard/orders?status=shipped" />
        </ul>
      </section>
      <section aria-labelledby="low-stock-heading" className="mt-8">
        <h2 id="low-stock-heading" className="mb-3 text-2xl">
          Low stock
        </h2>
        <DataTable
          label="Low stock"
          caption={`Sizes with ${lowStock.threshold} or fewer left`}
          rows={lowStock.sizes}
          rowKey={(row) => `${row.productId}-${row.size}`}
          empty={<EmptyState message={`Every size has more than ${lowStock.threshold} in stock.`} />}
          columns={[
            { header: 'Product', cell: (row) => row.name, rowHeader: true, typed: true },
            { header: 'Size', cell: (row) => row.size },
            { header: 'Left', cell: (row) => row.quantity },
            {
              header: 'Action',
              cell: (row) => (
                <Link to={`/dashboard/products/${row.slug}/edit`} className={tableLinkClass}>
                  Restock
                  <span className="sr-only">
                    {' '}
                    {row.name}, {row.size}
                  </span>
                </Link>
              ),
            },
          ]}
        />
      </section>
      <section aria-labelledby="recent-heading" className="mt-8">
        <h2 id="recent-heading" className="mb-3 text-2xl">
          Recent orders
        </h2>
        <DataTable
          label="Recent orders"
          caption="The newest orders"
          rows={recentOrders}
          rowKey={(order) => order._id}
          empty={<EmptyState message="No orders yet." />}
          columns={[
            {
              header: 'Date',
              cell: (order) => formatDate(order.date, timeZone),
              className: 'whitespace-nowrap',
            },
            {
              header: 'Order Id',
              cell: (order) => order._id,
              rowHeader: true,
              className: 'font-mono text-xs',
            },
            { header: 'Customer', cell: (order) => order.customer, typed: true },
            { header: 'Total', cell: (order) => formatCents(order.total) },
            { header: 'Status', cell: (order) => <OrderStatus status={order.status} /> },
          ]}
        />
      </section>
    </>
  );
}
