import { ACCESS } from '@barbershop/contract/domain';
import { Outlet, type ShouldRevalidateFunctionArgs } from 'react-router';
import { ErrorScreen } from '../../components/error-screen.tsx';
import { DashboardNeedsScript } from '../../components/needs-script.tsx';
import { ToastProvider } from '../../components/toast.tsx';
import { AccountMenu } from '../../features/auth/account-menu.tsx';
import { requireRole, requireRoleToAct } from '../../features/auth/require-role.ts';
import { DashboardFrame, type SidebarLink } from '../../features/dashboard-shell/sidebar.tsx';
import { NO_CONNECTION_STATUS } from '../../lib/save-failure.ts';
import { useRootData } from '../../root.tsx';
import type { Route } from './+types/dashboard-layout';

// The role check is middleware, which runs for every dashboard request, and not only this loader: a
// page's data asked for alone (`/dashboard.data?_routes=routes/dashboard/overview`) runs that page's
// loader without this one, and a staff read the API refused there answered 500, not the sign-in page.
// A form's save checks for itself: signed out meanwhile, it is refused where the form is, which keeps
// what was typed, rather than sent to the sign-in page.
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }) => {
    if (request.method === 'GET' || request.method === 'HEAD') await requireRole(request, context, 'staff');
    else await requireRoleToAct(request, context, 'staff');
  },
];

// The same check, answered from the request's one look-up of the visitor (currentUser).
export async function loader({ request, context }: Route.LoaderArgs) {
  return { user: await requireRole(request, context, 'staff') };
}

// Every dashboard page checks access on the server (SPEC.md section 6), not only the first one opened:
// a role taken away mid-session takes effect at the next navigation. Not after a save refused because
// the session ended (401, sessionEndedAnswer): the check would go to the sign-in page, and the form with it.
// Nor after one that could not reach the shop: offline the check fails too, and the page with it.
export function shouldRevalidate({ actionStatus }: ShouldRevalidateFunctionArgs) {
  return actionStatus !== 401 && actionStatus !== NO_CONNECTION_STATUS;
}

const MAIN: SidebarLink[] = [
  { to: '/dashboard', label: 'Home', end: true },
  { to: '/dashboard/account', label: 'Account' },
];

function concepts(accessLevel: number): SidebarLink[] {
  const links: SidebarLink[] = [
    { to: '/dashboard/barbers', label: 'Barbers' },
    { to: '/dashboard/users', label: 'Users' },
    { to: '/dashboard/products', label: 'Products' },
    { to: '/dashboard/orders', label: 'Orders' },
    { to: '/dashboard/activity', label: 'Activity' },
  ];
  if (accessLevel >= ACCESS.admin) links.push({ to: '/dashboard/settings', label: 'Shop settings' });
  return links;
}

function Frame({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const user = root?.user;
  return (
    <ToastProvider>
      <DashboardFrame
        shopName={root?.shop.name ?? 'Barbershop'}
        main={MAIN}
        concepts={concepts(user?.accessLevel ?? ACCESS.staff)}
        account={user ? <AccountMenu user={user} apiBaseUrl={root.config.apiBaseUrl} /> : null}
      >
        {children}
      </DashboardFrame>
    </ToastProvider>
  );
}

/** /dashboard/*: staff and admins only; the sidebar, the top bar and the page. */
export default function DashboardLayout() {
  return (
    <Frame>
      <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-6 focus:outline-none sm:px-6">
        <DashboardNeedsScript />
        <Outlet />
      </main>
    </Frame>
  );
}

/** A failed dashboard page keeps the sidebar, so staff can go on elsewhere. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <Frame>
      <ErrorScreen error={error} />
    </Frame>
  );
}
