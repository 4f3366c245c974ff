import { STAFF_ORDERS_PAGE, type StaffOrderRow } from '@barbershop/contract';
import { Alert } from '../../components/alert.tsx';
import { buttonClass } from '../../components/button.tsx';
import { ShownCount } from '../../components/data-table.tsx';
import { requireRole } from '../../features/auth/require-role.ts';
import {
  filterQuery,
  OrdersFilterForm,
  OrdersListTable,
} from '../../features/dashboard-orders/orders-list.tsx';
import { keysetPage } from '../../features/dashboard-shell/keyset-page.ts';
import { KeysetPager } from '../../features/dashboard-shell/keyset-pager.tsx';
import { PageHeader } from '../../features/dashboard-shell/page-header.tsx';
import { listOrRefusal, serverApi } from '../../lib/api.ts';
import { useRootData } from '../../root.tsx';
import type { Route } from './+types/orders';
import { dashboardMeta } from './dashboard-meta.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context, 'staff');
  const url = new URL(request.url);
  const filter = {
    status: url.searchParams.get('status') ?? '',
    q: url.searchParams.get('q') ?? '',
    attention: url.searchParams.get('attention') ?? '',
  };
  const after = url.searchParams.get('after');
  const query = filterQuery(filter, {
    scope: 'all',
    limit: String(STAFF_ORDERS_PAGE + 1),
    ...(after ? { after } : {}),
  });
  // scope=all answers the staff rows (the route map types GET /orders as either list).
  const { rows, refusal } = await listOrRefusal(
    serverApi(context).get(`/orders${query}`) as Promise<StaffOrderRow[]>,
  );
  const { page: orders, next } = keysetPage(rows, STAFF_ORDERS_PAGE, (row) => row.cursor);
  return { orders, filter, next, paged: !!after, refusal };
}

export function meta({ matches }: Route.MetaArgs) {
  return dashboardMeta('Orders', matches);
}

/**
 * /dashboard/orders: every order, filtered by status, search and those needing staff, a page at a
 * time, exportable as CSV.
 */
export default function OrdersPage({ loaderData }: Route.ComponentProps) {
  const { orders, filter, next, paged, refusal } = loaderData;
  const apiBaseUrl = useRootData()?.config.apiBaseUrl ?? '';
  return (
    <>
      <PageHeader
        title="Orders"
        actions={
          <a
            href={`${apiBaseUrl}/api/orders/export.csv${filterQuery(filter)}`}
            download
            className={buttonClass('secondary')}
          >
            Export CSV
          </a>
        }
      />
      <OrdersFilterForm filter={filter} />
      {refusal && <Alert className="mb-4">{refusal}</Alert>}
      <ShownCount count={orders.length} one="order" many="orders" />
      <OrdersListTable orders={orders} filtered={!!(filter.status || filter.q || filter.attention)} />
      <KeysetPager
        label="Pages of orders"
        first={paged ? `/dashboard/orders${filterQuery(filter)}` : null}
        next={next && `/dashboard/orders${filterQuery(filter, { after: next })}`}
      />
    </>
  );
}
