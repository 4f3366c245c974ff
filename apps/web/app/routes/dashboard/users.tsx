import { SEARCH_MAX_LENGTH, USERS_PAGE } from '@barbershop/contract';
import { formatAddress, formatPhone } from '@barbershop/contract/format';
import { useEffect, useRef } from 'react';
import { Form, Link, useSubmit } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { buttonClass } from '../../components/button.tsx';
import {
  DataTable,
  EmptyState,
  ShownCount,
  tableLinkClass,
  useListLoading,
} from '../../components/data-table.tsx';
import { FormField, inputClass } from '../../components/form-field.tsx';
import { requireRole } from '../../features/auth/require-role.ts';
import { keysetPage } from '../../features/dashboard-shell/keyset-page.ts';
import { KeysetPager } from '../../features/dashboard-shell/keyset-pager.tsx';
import { PageHeader } from '../../features/dashboard-shell/page-header.tsx';
import { listOrRefusal, serverApi } from '../../lib/api.ts';
import { useUrlFilterFields } from '../../lib/use-url-filter-fields.ts';
import type { Route } from './+types/users';
import { dashboardMeta } from './dashboard-meta.ts';

// Long enough for a word typed at speed to make one request, short enough to feel live.
const SEARCH_DELAY_MS = 250;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context, 'staff');
  const url = new URL(request.url);
  const q = url.searchParams.get('q')?.trim() ?? '';
  const after = url.searchParams.get('after');
  const query = new URLSearchParams({ ...(q ? { q } : {}), ...(after ? { after } : {}) });
  query.set('limit', String(USERS_PAGE + 1));
  // The API owns the matching rule (SPEC.md section 5, and a phone found by its digits alone).
  const { rows, refusal } = await listOrRefusal(serverApi(context).get(`/users?${query}`));
  const { page: users, next } = keysetPage(rows, USERS_PAGE, (user) => user.gid);
  return { users, q, next, paged: !!after, refusal };
}

export function meta({ matches }: Route.MetaArgs) {
  return dashboardMeta('Users', matches);
}

/**
 * /dashboard/users: every user, or those the search in the URL matches, a page at a time by name;
 * the list follows as staff type.
 */
export default function Users({ loaderData }: Route.ComponentProps) {
  const { users, q, next, paged, refusal } = loaderData;
  const search = q ? `q=${encodeURIComponent(q)}` : '';
  const at = (extra: string) => {
    const query = [search, extra].filter(Boolean).join('&');
    return query ? `/dashboard/users?${query}` : '/dashboard/users';
  };
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // The box is uncontrolled so typing never waits for a render; a search changed from elsewhere
  // ("Show every user", back and forward) is copied in, as in the other lists' filters.
  const form = useRef<HTMLFormElement>(null);
  useUrlFilterFields(form, { q });
  const searching = useListLoading();

  return (
    <>
      <PageHeader title="Users" />
      <Form
        ref={form}
        method="get"
        role="search"
        aria-label="Users"
        className="mb-4 flex max-w-xl flex-wrap items-end gap-3"
        // A search sent by Enter or the button drops the one typing would send: fired while this one
        // loads, it replaced it, so the search never got its own entry and Back skipped past it.
        onSubmit={() => clearTimeout(timer.current)}
      >
        <FormField label="Search users" hint="Id, name, email, address or phone" className="min-w-56 flex-1">
          {(control) => (
            <input
              {...control}
              type="search"
              name="q"
              maxLength={SEARCH_MAX_LENGTH}
              defaultValue={q}
              onChange={(event) => {
                const form = event.currentTarget.form;
                clearTimeout(timer.current);
                timer.current = setTimeout(
                  () => submit(form, { replace: true, preventScrollReset: true }),
                  SEARCH_DELAY_MS,
                );
              }}
              className={inputClass}
            />
          )}
        </FormField>
        <button type="submit" className={buttonClass('primary', 'mb-6')}>
          Search
        </button>
      </Form>
      {refusal && <Alert className="mb-4">{refusal}</Alert>}
      <ShownCount count={users.length} one="user" many="users" />
      <div aria-busy={searching} className={searching ? 'opacity-60 transition-opacity' : undefined}>
        <DataTable
          label="Users"
          caption={q ? `Users matching “${q}”` : 'Users'}
          minWidth="52rem"
          rows={users}
          rowKey={(user) => user.gid}
          empty={
            <EmptyState
              // A page past the last (its first user since erased or renamed away) is not an empty shop.
              message={paged ? 'No more users.' : q ? 'No user matches your search.' : 'No users yet.'}
              {...(q ? { to: '/dashboard/users', linkText: 'Show every user' } : {})}
            />
          }
          columns={[
            { header: 'Id', cell: (user) => user.gid, className: 'font-mono text-xs break-all' },
            {
              header: 'Name',
              // The user's page, where an admin changes their role and contact details.
              cell: (user) => (
                <Link to={`/dashboard/users/${user.gid}`} className={tableLinkClass}>
                  {user.name}
                </Link>
              ),
              rowHeader: true,
              typed: true,
            },
            { header: 'Email', cell: (user) => user.email, typed: true },
            { header: 'Phone', cell: (user) => (user.phone ? formatPhone(user.phone) : 'N/A') },
            {
              header: 'Address',
              cell: (user) => (user.address ? formatAddress(user.address) : 'N/A'),
              typed: true,
            },
            { header: 'Items', cell: (user) => user.items.length },
          ]}
        />
      </div>
      <KeysetPager label="Pages of users" first={paged ? at('') : null} next={next && at(`after=${next}`)} />
    </>
  );
}
