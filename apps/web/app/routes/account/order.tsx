import { formatAddress } from '@barbershop/contract/format';
import { Link } from 'react-router';
import { OrderDetail } from '../../features/account/order-detail.tsx';
import { requireRole } from '../../features/auth/require-role.ts';
import { orNotFound, serverApi } from '../../lib/api.ts';
import { useRootData } from '../../root.tsx';
import type { Route } from './+types/order';
import { privatePageMeta } from './private-meta.ts';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireRole(request, context, 'signedIn');
  const order = await orNotFound(serverApi(context).get(`/orders/${encodeURIComponent(params.orderId)}`));
  return { order };
}

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta('Order', matches);
}

/** /account/orders/{orderId}: one order; another customer's order is a 404, like a missing one. */
export default function OrderPage({ loaderData }: Route.ComponentProps) {
  const shop = useRootData()?.shop;
  const { order } = loaderData;
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-4xl px-4 py-10 focus:outline-none">
      <p className="mb-2">
        <Link to="/account/orders" className="text-brass-dark underline underline-offset-4">
          Orders
        </Link>
      </p>
      <h1 className="mb-6 text-3xl">
        Order <span className="break-all font-mono text-2xl normal-case">{order._id}</span>
      </h1>
      <OrderDetail order={order} pickupAddress={shop ? formatAddress(shop.address) : null} />
    </main>
  );
}
