import { Link } from 'react-router';
import { PagePager } from '../../components/page-pager.tsx';
import { ACCOUNT_PAGE_PARAM, accountPage } from '../../features/account/account-page.ts';
import { OrdersTable } from '../../features/account/orders-table.tsx';
import { requireRole } from '../../features/auth/require-role.ts';
import { serverApi } from '../../lib/api.ts';
import type { Route } from './+types/orders';
import { privatePageMeta } from './private-meta.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context, 'signedIn');
  const { rows: orders, ...shown } = accountPage(await serverApi(context).get('/orders'), request);
  return { orders, shown };
}

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta('Orders', matches);
}

/** /account/orders: the customer's orders, newest first, a page at a time. */
export default function Orders({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-5xl px-4 py-10 focus:outline-none">
      <p className="mb-2">
        <Link to="/account" className="text-brass-dark underline underline-offset-4">
          Account
        </Link>
      </p>
      <h1 className="mb-6 text-4xl">Orders</h1>
      <OrdersTable orders={loaderData.orders} />
      <div className="mt-4">
        <PagePager
          noun="orders"
          param={ACCOUNT_PAGE_PARAM}
          shown={loaderData.shown}
          shownCount={loaderData.orders.length}
        />
      </div>
    </main>
  );
}
