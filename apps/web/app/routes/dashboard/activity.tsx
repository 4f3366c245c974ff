import { AUDIT_PAGE } from '@barbershop/contract';
import { Link } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { ShownCount } from '../../components/data-table.tsx';
import { requireRole } from '../../features/auth/require-role.ts';
import { ActivityFilterForm, ActivityTable } from '../../features/dashboard-audit/activity-list.tsx';
import { keysetPage } from '../../features/dashboard-shell/keyset-page.ts';
import { KeysetPager } from '../../features/dashboard-shell/keyset-pager.tsx';
import { PageHeader } from '../../features/dashboard-shell/page-header.tsx';
import { listOrRefusal, serverApi } from '../../lib/api.ts';
import type { Route } from './+types/activity';
import { dashboardMeta } from './dashboard-meta.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context, 'staff');
  const url = new URL(request.url);
  const filter = {
    actor: url.searchParams.get('actor') ?? '',
    entity: url.searchParams.get('entity') ?? '',
    // One record's changes: the "every change" link of a record's page.
    entityId: url.searchParams.get('entityId') ?? '',
  };
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value) query.set(name, value);
  const base = query.toString();
  const after = url.searchParams.get('after');
  if (after) query.set('after', after);
  query.set('limit', String(AUDIT_PAGE + 1));
  const api = serverApi(context);
  const [{ rows, refusal }, people] = await Promise.all([
    listOrRefusal(api.get(`/audit?${query}`)),
    api.get('/audit/actors'),
  ]);
  const { page: entries, next } = keysetPage(rows, AUDIT_PAGE, (row) => row.cursor);
  return { entries, people, filter, base, next, paged: !!after, refusal };
}

export function meta({ matches }: Route.MetaArgs) {
  return dashboardMeta('Activity', matches);
}

/** /dashboard/activity: the audit trail, by person and kind, a page at a time. */
export default function ActivityPage({ loaderData }: Route.ComponentProps) {
  const { entries, people, filter, base, next, paged, refusal } = loaderData;
  const at = (extra: string) => `/dashboard/activity?${[base, extra].filter(Boolean).join('&')}`;
  return (
    <>
      <PageHeader title="Activity" />
      <ActivityFilterForm filter={filter} people={people} />
      {filter.entityId && (
        <p className="mb-4">
          The changes to one record, <span className="font-mono text-sm break-all">{filter.entityId}</span>.{' '}
          <Link
            to="/dashboard/activity"
            className="font-semibold text-brass-dark underline underline-offset-4"
          >
            Show all activity
          </Link>
        </p>
      )}
      {refusal && <Alert className="mb-4">{refusal}</Alert>}
      <ShownCount count={entries.length} one="change" many="changes" />
      <ActivityTable entries={entries} />
      <KeysetPager
        label="Pages of activity"
        first={paged ? at('') : null}
        next={next && at(`after=${next}`)}
      />
    </>
  );
}
