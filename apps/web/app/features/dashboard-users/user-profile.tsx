import { ACCESS, type Address, type Role, roleName, type UserDetail } from '@barbershop/contract';
import { formatAddress, formatDate, formatPhone } from '@barbershop/contract/format';
import { useEffect, useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { ActionResult } from '../../components/action-result.tsx';
import { AddressFields, addressFromForm, EMPTY_ADDRESS } from '../../components/address-fields.tsx';
import { Button } from '../../components/button.tsx';
import { DataTable, EmptyState, tableLinkClass } from '../../components/data-table.tsx';
import { FormField, inputClass } from '../../components/form-field.tsx';
import { useEarlyChoice } from '../../lib/use-early-choice.ts';
import { useTimeZone } from '../../lib/use-time-zone.ts';

/** What saving the role or the address says; `fields` holds a message per field, keyed as the schema names it. */
export type UserActionResult = { ok: string } | { error: string; fields?: Record<string, string> };

/** Name, email, phone and address ('N/A' when missing, SPEC.md section 3), role and when they joined. */
export function UserFacts({ user }: { user: UserDetail }) {
  const timeZone = useTimeZone();
  const facts: [string, React.ReactNode][] = [
    [
      'Id',
      <span key="id" className="break-all font-mono text-sm">
        {user.gid}
      </span>,
    ],
    ['Email', user.email],
    ['Phone', user.phone ? formatPhone(user.phone) : 'N/A'],
    ['Address', user.address ? formatAddress(user.address) : 'N/A'],
    ['Role', roleName(user.accessLevel) ?? `unknown (${user.accessLevel})`],
    ['Joined', formatDate(user.createdAt, timeZone)],
  ];
  return (
    <dl className="grid gap-4 rounded-lg bg-white p-4 ring-1 ring-charcoal/10 sm:grid-cols-2 lg:grid-cols-3">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt className="text-sm text-muted">{label}</dt>
          <dd className="font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The role, changed by admins only; the API refuses to demote the last admin or an address in the
 * server's ADMIN_EMAILS (409) and says why.
 */
export function RoleForm({ user }: { user: UserDetail }) {
  const fetcher = useFetcher<UserActionResult>();
  const roles = Object.keys(ACCESS) as Role[];
  // Each answer, a refusal too, leaves the select on the role the user has (the page's data, read
  // again after the save), not on a choice the API turned down.
  const [chosen, setChosen] = useState(String(user.accessLevel));
  useEffect(() => {
    if (fetcher.state === 'idle') setChosen(String(user.accessLevel));
  }, [fetcher.state, user.accessLevel]);
  return (
    <fetcher.Form method="post" className="mt-6 flex flex-wrap items-end gap-3">
      <FormField label="Role" className="w-48">
        {(control) => (
          <select
            {...control}
            name="accessLevel"
            value={chosen}
            onChange={(event) => setChosen(event.currentTarget.value)}
            className={inputClass}
          >
            {roles.map((role) => (
              <option key={role} value={ACCESS[role]}>
                {role}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <Button type="submit" busy={fetcher.state !== 'idle'}>
        Save role
      </Button>
      <ActionResult answer={fetcher.data} className="w-full" />
    </fetcher.Form>
  );
}

/**
 * The phone and address, changed by admins (a customer's number taken over the phone, so staff find
 * them by it): the contract's fields, empty for none.
 */
export function ContactForm({ user }: { user: UserDetail }) {
  const fetcher = useFetcher<UserActionResult>();
  const [address, setAddress] = useState(user.address ?? EMPTY_ADDRESS);
  // An address typed before the page hydrated: React holds the one it rendered and puts it back at
  // its next render, so Save sent (and stored) that one, said "saved" and showed the fields emptied.
  const form = useEarlyChoice<HTMLFormElement>(
    (shown) => setAddress(JSON.parse(shown) as Address),
    (element) => JSON.stringify(addressFromForm(new FormData(element)) ?? EMPTY_ADDRESS),
  );
  const errors = fetcher.data && 'fields' in fetcher.data ? fetcher.data.fields : undefined;
  return (
    <fetcher.Form ref={form} method="post" noValidate className="mt-6 flex max-w-3xl flex-col gap-4">
      <input type="hidden" name="intent" value="contact" />
      <FormField label="Phone" hint="Leave empty for none." error={errors?.phone} className="max-w-xs">
        {(control) => (
          <input
            {...control}
            type="tel"
            name="phone"
            autoComplete="off"
            defaultValue={user.phone ?? ''}
            className={inputClass}
          />
        )}
      </FormField>
      <AddressFields
        address={address}
        onChange={setAddress}
        errors={errors}
        hint="Leave every field empty to remove the address."
        optional
      />
      <div>
        <Button type="submit" busy={fetcher.state !== 'idle'}>
          Save contact details
        </Button>
      </div>
      <ActionResult answer={fetcher.data} className="w-full" />
    </fetcher.Form>
  );
}

/** The items they own, each linking to its certificate page. */
export function UserItems({ user }: { user: UserDetail }) {
  return (
    <DataTable
      label="Owned items"
      caption={`Items ${user.name} owns`}
      rows={user.items}
      rowKey={(item) => item._id}
      empty={<EmptyState message="No items owned." />}
      columns={[
        { header: 'Product', cell: (item) => item.product.name, rowHeader: true },
        { header: 'Size', cell: (item) => item.size },
        { header: 'Status', cell: (item) => item.status },
        {
          header: 'Item',
          cell: (item) => (
            <Link
              to={`/store/${item.product.slug}/${item._id}`}
              className={`${tableLinkClass} font-mono text-sm`}
            >
              {item._id.slice(0, 8)}
              <span className="sr-only"> item {item._id}</span>
            </Link>
          ),
        },
      ]}
    />
  );
}
