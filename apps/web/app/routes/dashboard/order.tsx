import type { OrderStatus } from '@barbershop/contract';
import { formatAddress } from '@barbershop/contract/format';
import { Link, useSearchParams } from 'react-router';
import { OrderDetail } from '../../features/account/order-detail.tsx';
import { requireRole, requireRoleToAct } from '../../features/auth/require-role.ts';
import { AuditHistory } from '../../features/dashboard-audit/audit-history.tsx';
import { recordHistory } from '../../features/dashboard-audit/record-history.ts';
import { AttentionPanel } from '../../features/dashboard-orders/attention-panel.tsx';
import { DisputePanel } from '../../features/dashboard-orders/dispute-panel.tsx';
import { OrderEmails } from '../../features/dashboard-orders/order-emails.tsx';
import {
  type OrderActionResult,
  PickupCodePanel,
  ScannedCodeNote,
  StatusControl,
} from '../../features/dashboard-orders/status-control.tsx';
import { PageHeader } from '../../features/dashboard-shell/page-header.tsx';
import {
  ApiError,
  idOrNotFound,
  isSessionEnded,
  orNotFound,
  serverApi,
  sessionEndedAnswer,
} from '../../lib/api.ts';
import { configuredShop } from '../../lib/public-shop.ts';
import { serverActionOrOffline } from '../../lib/save-failure.ts';
import { useRootData } from '../../root.tsx';
import type { Route } from './+types/order';
import { dashboardMeta } from './dashboard-meta.ts';

/** SPEC.md section 2: `:id` as the order id is a new, blank order, and nothing is fetched. */
const BLANK = ':id';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireRole(request, context, 'staff');
  if (params.orderId === BLANK) return { order: null, history: { entries: [], allChanges: null } };
  const api = serverApi(context);
  const id = idOrNotFound(params.orderId);
  const order = await orNotFound(api.get(`/orders/${id}`));
  const history = await recordHistory(api, params.orderId, 'order');
  return { order, history };
}

export async function action({
  request,
  context,
  params,
}: Route.ActionArgs): Promise<OrderActionResult | ReturnType<typeof sessionEndedAnswer>> {
  await requireRoleToAct(request, context, 'staff');
  const form = await request.formData();
  const api = serverApi(context);
  const id = encodeURIComponent(params.orderId);
  try {
    if (form.get('intent') === 'reissue') {
      await api.send('POST', `/orders/${id}/pickup-code`);
      return { ok: 'A new pickup code was issued and emailed to the customer.' };
    }
    if (form.get('intent') === 'paid-back') {
      try {
        await api.send('POST', `/orders/${id}/attention`, { note: String(form.get('note') ?? '') });
      } catch (error) {
        // The note's own fault is said by the note's field; the rest below the form.
        const note = error instanceof ApiError && error.issues.find((issue) => issue.path === 'body.note');
        if (note) return { error: note.message, field: 'note' };
        throw error;
      }
      return { ok: 'Marked as paid back. The customer sees how in their order.' };
    }
    const status = String(form.get('status')) as OrderStatus;
    const code = form.get('pickupCode');
    await api.send('PUT', `/orders/${id}`, {
      status,
      log: String(form.get('log') ?? ''),
      ...(typeof code === 'string' && code ? { pickupCode: code } : {}),
    });
    return { ok: `Status updated to ${status}.` };
  } catch (error) {
    if (isSessionEnded(error)) return sessionEndedAnswer(error);
    // The API's refusal (a step not allowed, a wrong or locked code, a stale page), shown as it is; one
    // naming the pickup code (wrong, or missing) by that field.
    if (error instanceof ApiError && error.status < 500) {
      const named = /^body\.(\w+): (.*)$/s.exec(error.message);
      if (named?.[1] === 'pickupCode') return { error: named[2]!, field: 'pickupCode' };
      return { error: named ? named[2]! : error.message };
    }
    throw error;
  }
}

/** Offline, the answer the form shows where it is, what was typed kept (not the page's error screen). */
export function clientAction({ serverAction }: Route.ClientActionArgs) {
  return serverActionOrOffline(serverAction);
}

export function meta({ matches }: Route.MetaArgs) {
  return dashboardMeta('Order', matches);
}

/** /dashboard/orders/{orderId}: the customer, lines, items, amounts, the log, and the status change. */
export default function OrderPage({ loaderData }: Route.ComponentProps) {
  const { order, history } = loaderData;
  const placed = configuredShop(useRootData()?.shop);
  const [search] = useSearchParams();
  const scannedCode = search.get('code') ?? '';
  if (!order) {
    return (
      <>
        <PageHeader title="New order" />
        <dl className="grid gap-4 rounded-lg bg-white p-4 ring-1 ring-charcoal/10 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-muted">Status</dt>
            <dd className="font-semibold">pending</dd>
          </div>
          <div>
            <dt className="text-sm text-muted">Items</dt>
            <dd>None</dd>
          </div>
        </dl>
      </>
    );
  }
  return (
    <>
      <PageHeader title={`Order ${order._id.slice(0, 8)}`} />
      <p className="mb-2 break-all font-mono text-sm text-muted">{order._id}</p>
      {order.dispute && (
        <DisputePanel
          dispute={order.dispute}
          handedOver={order.status === 'delivered' || order.status === 'shipped'}
        />
      )}
      <AttentionPanel order={order} />
      <section aria-labelledby="order-customer" className="mb-6 wrap-anywhere">
        <h2 id="order-customer" className="sr-only">
          Customer
        </h2>
        <p>
          <Link
            to={`/dashboard/users/${order.user.gid}`}
            className="font-semibold text-brass-dark underline underline-offset-4"
          >
            {order.user.name}
          </Link>{' '}
          <a href={`mailto:${order.user.email}`} className="text-muted underline underline-offset-4">
            {order.user.email}
          </a>
        </p>
      </section>
      <ScannedCodeNote key={`${order._id}:${scannedCode}`} order={order} scannedCode={scannedCode} />
      <div className="mb-8 grid gap-4 lg:grid-cols-2">
        <StatusControl order={order} scannedCode={scannedCode} />
        <PickupCodePanel order={order} />
      </div>
      <OrderDetail order={order} pickupAddress={placed ? formatAddress(placed.address) : null} showActors />
      <OrderEmails emails={order.emails} />
      <AuditHistory {...history} />
    </>
  );
}
