import { ACCESS, UpdateUserSchema } from '@barbershop/contract';
import { data } from 'react-router';
import { addressFromForm } from '../../components/address-fields.tsx';
import { PagePager } from '../../components/page-pager.tsx';
import { requireRole, requireRoleToAct } from '../../features/auth/require-role.ts';
import { AuditHistory } from '../../features/dashboard-audit/audit-history.tsx';
import { recordHistory } from '../../features/dashboard-audit/record-history.ts';
import { OrdersListTable } from '../../features/dashboard-orders/orders-list.tsx';
import { PageHeader } from '../../features/dashboard-shell/page-header.tsx';
import {
  ContactForm,
  RoleForm,
  SameEmailAccounts,
  type UserActionResult,
  UserFacts,
  UserItems,
} from '../../features/dashboard-users/user-profile.tsx';
import {
  ApiError,
  idOrNotFound,
  isSessionEnded,
  orNotFound,
  serverApi,
  sessionEndedAnswer,
} from '../../lib/api.ts';
import { pageOf } from '../../lib/page-of.ts';
import { serverActionOrOffline } from '../../lib/save-failure.ts';
import type { Route } from './+types/user';
import { dashboardMeta } from './dashboard-meta.ts';

const ORDERS_PAGE_PARAM = 'orders-page';
const ITEMS_PAGE_PARAM = 'items-page';
const USER_LIST_PAGE = 50;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireRole(request, context, 'staff');
  const api = serverApi(context);
  const id = idOrNotFound(params.id);
  const { orders, items, ...user } = await orNotFound(api.get(`/users/${id}`));
  const history = await recordHistory(api, params.id, 'user');
  // Only the pages shown reach the page: a customer of years has hundreds of orders and more items.
  const query = new URL(request.url).searchParams;
  const { rows: ordersOnPage, ...ordersShown } = pageOf(orders, query.get(ORDERS_PAGE_PARAM), USER_LIST_PAGE);
  const { rows: itemsOnPage, ...itemsShown } = pageOf(items, query.get(ITEMS_PAGE_PARAM), USER_LIST_PAGE);
  return {
    user: { ...user, orders: ordersOnPage, items: itemsOnPage },
    ordersShown,
    itemsShown,
    history,
    isAdmin: viewer.accessLevel === ACCESS.admin,
  };
}

/**
 * Saves the role, or the phone and address (`intent=contact`), checked against the contract's schema
 * first. Admins' forms, on a page staff see too: an admin lowered to staff since the page opened is
 * refused by the API where the form is. Sent to the sign-in page, they read that the page was not
 * theirs, and lost the page, when only the form no longer is.
 */
export async function action({
  request,
  context,
  params,
}: Route.ActionArgs): Promise<UserActionResult | ReturnType<typeof sessionEndedAnswer | typeof data>> {
  await requireRoleToAct(request, context, 'staff');
  const form = await request.formData();
  const savesContact = form.get('intent') === 'contact';
  const parsed = UpdateUserSchema.safeParse(
    savesContact
      ? { phone: String(form.get('phone') ?? ''), address: addressFromForm(form) }
      : { accessLevel: Number(form.get('accessLevel')) },
  );
  if (!parsed.success) {
    return {
      error: savesContact
        ? 'Contact details not saved: check the fields marked above.'
        : `Role not saved: ${parsed.error.issues[0]?.message}`,
      fields: Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])),
    };
  }
  try {
    await serverApi(context).send('PATCH', `/users/${encodeURIComponent(params.id)}`, parsed.data);
    return { ok: savesContact ? 'Contact details saved.' : 'Role saved.' };
  } catch (error) {
    if (isSessionEnded(error)) return sessionEndedAnswer(error);
    if (error instanceof ApiError && error.status === 403) {
      const what = savesContact ? 'Contact details' : 'Role';
      // With its status, so the page is not loaded again under the form and what it says.
      return data(
        { error: `${what} not saved: your account is no longer an admin, and only admins change this.` },
        { status: 403 },
      );
    }
    if (error instanceof ApiError && error.status < 500) return { error: error.message };
    throw error;
  }
}

/** Offline, the answer the form shows where it is, what was typed kept (not the page's error screen). */
export function clientAction({ serverAction }: Route.ClientActionArgs) {
  return serverActionOrOffline(serverAction);
}

export function meta({ matches }: Route.MetaArgs) {
  return dashboardMeta('User', matches);
}

/**
 * /dashboard/users/{id}: the profile, the role, phone and address (admins change them), orders and
 * items 50 to a page, history.
 */
export default function UserPage({ loaderData }: Route.ComponentProps) {
  const { user, ordersShown, itemsShown, history, isAdmin } = loaderData;
  return (
    <>
      <PageHeader title={user.name} names={{ [user.gid]: user.name }} />
      <UserFacts user={user} />
      <SameEmailAccounts user={user} />
      {isAdmin && <RoleForm user={user} />}
      {isAdmin && <ContactForm user={user} />}
      <h2 className="mb-3 mt-8 text-2xl">Orders</h2>
      <OrdersListTable orders={user.orders} caption={`Orders of ${user.name}`} />
      <div className="mt-4">
        <PagePager
          noun="orders"
          param={ORDERS_PAGE_PARAM}
          shown={ordersShown}
          shownCount={user.orders.length}
        />
      </div>
      <h2 className="mb-3 mt-8 text-2xl">Owned items</h2>
      <UserItems user={user} />
      <div className="mt-4">
        <PagePager noun="items" param={ITEMS_PAGE_PARAM} shown={itemsShown} shownCount={user.items.length} />
      </div>
      <AuditHistory {...history} />
    </>
  );
}
