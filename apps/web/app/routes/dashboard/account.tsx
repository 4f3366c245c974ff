import { PageHeader } from '../../features/dashboard-shell/page-header.tsx';
import { useRootData } from '../../root.tsx';
import type { Route } from './+types/account';
import { dashboardMeta } from './dashboard-meta.ts';

const ROLE_NAMES: Record<number, string> = { 0: 'Customer', 1: 'Staff', 2: 'Admin' };

export function meta({ matches }: Route.MetaArgs) {
  return dashboardMeta('Account', matches);
}

/** /dashboard/account: the signed-in user's own profile (the root loader has it). */
export default function DashboardAccount() {
  const user = useRootData()?.user;
  return (
    <>
      <PageHeader title="Account" />
      {user && (
        <div className="flex flex-wrap items-center gap-6 rounded-lg bg-white p-6 ring-1 ring-charcoal/10">
          {user.picture && (
            <img
              src={user.picture}
              alt=""
              width={80}
              height={80}
              className="h-20 w-20 rounded-full object-cover"
            />
          )}
          <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-6 gap-y-2 break-words">
            <dt className="font-semibold">Name</dt>
            <dd>{user.name}</dd>
            <dt className="font-semibold">Email</dt>
            <dd>{user.email}</dd>
            <dt className="font-semibold">Role</dt>
            <dd>{ROLE_NAMES[user.accessLevel] ?? 'Admin'}</dd>
          </dl>
        </div>
      )}
    </>
  );
}
