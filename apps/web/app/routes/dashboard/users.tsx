import { userMatches } from '@barbershop/contract';
import { formatAddress } from '@barbershop/contract/format';
import { useState } from 'react';
import { DataTable, EmptyState } from '../../components/data-table.tsx';
import { FormField, inputClass } from '../../components/form-field.tsx';
import { PageHeader } from '../../features/dashboard-shell/page-header.tsx';
import { orNotFound, serverApi } from '../../lib/api.ts';
import type { Route } from './+types/users';
import { dashboardMeta } from './dashboard-meta.ts';

export async function loader({ context }: Route.LoaderArgs) {
  const users = await orNotFound(serverApi(context).get('/users'));
  return { users };
}

export function meta({ matches }: Route.MetaArgs) {
  return dashboardMeta('Users', matches);
}

/** /dashboard/users: every user, with a search box. */
export default function Users({ loaderData }: Route.ComponentProps) {
  const [query, setQuery] = useState('');
  const shown = loaderData.users.filter((user) => userMatches(user, query));
  return (
    <>
      <PageHeader title="Users" />
      <search className="mb-4 block max-w-md">
        <FormField label="Search users" hint="Id, name, email, address or phone">
          {(control) => (
            <input
              {...control}
              type="search"
              value={query}
              onChange={(event) => setQuery(event.currentTarget.value)}
              className={inputClass}
            />
          )}
        </FormField>
      </search>
      <p role="status" className="sr-only">
        {shown.length} of {loaderData.users.length} users shown
      </p>
      <DataTable
        label="Users"
        caption="Users"
        minWidth="52rem"
        rows={shown}
        rowKey={(user) => user.gid}
        empty={<EmptyState message={query ? 'No user matches your search.' : 'No users yet.'} />}
        columns={[
          { header: 'Id', cell: (user) => user.gid, className: 'font-mono text-xs break-all' },
          { header: 'Name', cell: (user) => user.name, rowHeader: true },
          { header: 'Email', cell: (user) => user.email },
          { header: 'Phone', cell: (user) => user.phone || 'N/A' },
          { header: 'Address', cell: (user) => (user.address ? formatAddress(user.address) : 'N/A') },
          { header: 'Items', cell: (user) => user.items.length },
        ]}
      />
    </>
  );
}
