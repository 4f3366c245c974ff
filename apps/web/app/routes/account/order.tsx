import { formatAddress } from '@barbershop/contract/format';
import { useEffect } from 'react';
import { Link, useRevalidator } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { OrderDetail } from '../../features/account/order-detail.tsx';
import { PickupCodeCard } from '../../features/account/pickup-code.tsx';
import { requireRole } from '../../features/auth/require-role.ts';
import { idOrNotFound, orNotFound, serverApi } from '../../lib/api.ts';
import { configuredShop } from '../../lib/public-shop.ts';
import { qrSvg } from '../../lib/qr.server.ts';
import { useRootData } from '../../root.tsx';
import type { Route } from './+types/order';
import { privatePageMeta } from './private-meta.ts';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireRole(request, context, 'signedIn');
  const order = await orNotFound(serverApi(context).get(`/orders/${idOrNotFound(params.orderId)}`));
  const qrDataUrl = order.pickupCode
    ? `data:image/svg+xml;base64,${Buffer.from(await qrSvg(order.pickupCode.handoverUrl)).toString('base64')}`
    : null;
  return { order, qrDataUrl };
}

// While the order is on its way the page follows it: staff's changes show without a reload.
const FOLLOW_MS = 15_000;
function useFollow(active: boolean) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (state === 'idle' && document.visibilityState === 'visible') void revalidate();
    }, FOLLOW_MS);
    return () => clearInterval(timer);
  }, [active, revalidate, state]);
}

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta('Order', matches);
}

/** /account/orders/{orderId}: one order; another customer's order is a 404, like a missing one. */
export default function OrderPage({ loaderData }: Route.ComponentProps) {
  const placed = configuredShop(useRootData()?.shop);
  const { order, qrDataUrl } = loaderData;
  useFollow(order.status === 'processing' || order.status === 'ready' || order.status === 'shipped');
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-4xl px-4 py-10 focus:outline-none">
      <p className="mb-2 print:hidden">
        <Link to="/account/orders" className="text-brass-dark underline underline-offset-4">
          Orders
        </Link>
      </p>
      <h1 className="mb-6 text-3xl">
        Order <span className="break-all font-mono text-2xl normal-case">{order._id}</span>
      </h1>
      {order.pickupCode && qrDataUrl && (
        <div className="mb-8">
          <PickupCodeCard pickup={order.pickupCode} qrDataUrl={qrDataUrl} />
        </div>
      )}
      {/* Ready for pickup without a usable code: null when it was locked after wrong tries at the
          counter; absent when none was issued (an order made ready before codes, or by the seed). */}
      {order.status === 'ready' && order.deliveryMethod === 'pickup' && !order.pickupCode && (
        <Alert tone="info" className="mb-8">
          {order.pickupCode === null
            ? 'Your pickup code can no longer be used. Ask at the counter: staff will send you a new one.'
            : 'Your order is ready for pickup. Ask at the counter: staff will send you a pickup code.'}
        </Alert>
      )}
      <OrderDetail order={order} pickupAddress={placed ? formatAddress(placed.address) : null} />
    </main>
  );
}
