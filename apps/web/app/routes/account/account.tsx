import type { InventoryItem } from '@barbershop/contract';
import { Link } from 'react-router';
import { buttonClass } from '../../components/button.tsx';
import { InventoryTable } from '../../features/account/inventory-table.tsx';
import { loadSignedIn } from '../../features/auth/load-signed-in.ts';
import { serverApi } from '../../lib/api.ts';
import { useRootData } from '../../root.tsx';
import type { Route } from './+types/account';
import { privatePageMeta } from './private-meta.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const items = await loadSignedIn(request, () => serverApi(context).get<InventoryItem[]>('/users/me/items'));
  return { items };
}

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta('Account', matches);
}

/** /account: who is signed in, the way to their orders, and the items they own. */
export default function Account({ loaderData }: Route.ComponentProps) {
  const user = useRootData()?.user;
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-5xl px-4 py-10 focus:outline-none">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-4xl">Account</h1>
          {user && (
            <p className="mt-2 text-muted">
              {user.name} · {user.email}
            </p>
          )}
        </div>
        <Link to="/account/orders" className={buttonClass()}>
          Orders
        </Link>
      </div>
      <section aria-labelledby="inventory-heading" className="mt-10">
        <h2 id="inventory-heading" className="mb-4 text-2xl">
          Inventory
        </h2>
        <InventoryTable items={loaderData.items} />
      </section>
    </main>
  );
}
