import { Link } from 'react-router';
import { buttonClass } from '../../components/button.tsx';
import { PagePager } from '../../components/page-pager.tsx';
import { ACCOUNT_PAGE_PARAM, accountPage } from '../../features/account/account-page.ts';
import { InventoryTable } from '../../features/account/inventory-table.tsx';
import { requireRole } from '../../features/auth/require-role.ts';
import { serverApi } from '../../lib/api.ts';
import type { Route } from './+types/account';
import { privatePageMeta } from './private-meta.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireRole(request, context, 'signedIn');
  const { rows: items, ...shown } = accountPage(await serverApi(context).get('/users/me/items'), request);
  return { user, items, shown };
}

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta('Account', matches);
}

/** /account: who is signed in, the way to their orders, and the items they own, a page at a time. */
export default function Account({ loaderData }: Route.ComponentProps) {
  const { user, items, shown } = loaderData;
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-5xl px-4 py-10 focus:outline-none">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-4xl">Account</h1>
          <p className="mt-2 text-muted wrap-anywhere">
            {user.name} · {user.email}
          </p>
        </div>
        <Link to="/account/orders" className={buttonClass()}>
          Orders
        </Link>
      </div>
      <section aria-labelledby="inventory-heading" className="mt-10">
        <h2 id="inventory-heading" className="mb-4 text-2xl">
          Inventory
        </h2>
        <InventoryTable items={items} />
        <div className="mt-4">
          <PagePager noun="items" param={ACCOUNT_PAGE_PARAM} shown={shown} shownCount={items.length} />
        </div>
      </section>
    </main>
  );
}
