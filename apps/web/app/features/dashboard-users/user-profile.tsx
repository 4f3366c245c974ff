import { ACCESS, type Address, type Role, roleName, type UserDetail } from '@barbershop/contract';
import { formatAddress, formatDate, formatPhone } from '@barbershop/contract/format';
import { useEffect, useRef, useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { ActionResult } from '../../components/action-result.tsx';
import { AddressFields, addressFromForm, EMPTY_ADDRESS } from '../../components/address-fields.tsx';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { DataTable, EmptyState, tableLinkClass } from '../../components/data-table.tsx';
import { FormField, inputClass } from '../../components/form-field.tsx';
import { useUnsavedChanges } from '../../components/unsaved-changes.tsx';
import { useEarlyChoice } from '../../lib/use-early-choice.ts';
import { useFocusOnFailure } from '../../lib/use-focus-on-failure.ts';
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
    [
      'Email',
      <>
        {user.email}
        {/* Before giving an account a role: of two with one address, the unverified may not be its owner's. */}
        {user.emailVerified === false && (
          <span className="block text-sm font-normal text-muted"> Not verified by the sign-in provider</span>
        )}
      </>,
    ],
    ['Phone', user.phone ? formatPhone(user.phone) : 'N/A'],
    ['Address', user.address ? formatAddress(user.address) : 'N/A'],
    ['Role', roleName(user.accessLevel) ?? `unknown (${user.accessLevel})`],
    ['Joined', formatDate(user.createdAt, timeZone)],
  ];
  return (
    <dl className="grid gap-4 rounded-lg bg-white p-4 ring-1 ring-charcoal/10 wrap-anywhere sm:grid-cols-2 lg:grid-cols-3">
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
 * The other accounts with this email. Staff looking up a customer who says their orders are gone
 * (they lost their Google account and signed in with a new one) find the orders on the first; the
 * accounts are not merged, and the customer sees each one's orders only when signed in to it.
 */
export function SameEmailAccounts({ user }: { user: UserDetail }) {
  const timeZone = useTimeZone();
  if (user.sameEmail.length === 0) return null;
  return (
    <Alert tone="info" className="mt-4">
      <p>
        {user.sameEmail.length === 1 ? 'Another account has' : 'Other accounts have'} this email:{' '}
        {user.sameEmail.map((twin, n) => (
          <span key={twin.gid}>
            {n > 0 && ', '}
            <Link to={`/dashboard/users/${twin.gid}`} className="font-semibold underline underline-offset-4">
              {twin.name}
            </Link>{' '}
            (joined {formatDate(twin.createdAt, timeZone)})
          </span>
        ))}
        .
      </p>
      <p className="mt-1">
        Each way of signing in is an account of its own: orders and items stay with the account that placed
        them, and the customer sees them only when signed in to that account.
      </p>
    </Alert>
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

type Contact = { phone: string; address: Address };

/** The phone and address a contact form holds, as posted (no address: every field empty). */
function contactFromForm(form: FormData): Contact {
  return { phone: String(form.get('phone') ?? ''), address: addressFromForm(form) ?? EMPTY_ADDRESS };
}
/**
 * The phone and address, changed by admins (a customer's number taken over the phone, so staff find
 * them by it): the contract's fields, empty for none. Leaving with changes not saved asks first.
 */
export function ContactForm({ user }: { user: UserDetail }) {
  const fetcher = useFetcher<UserActionResult>();
  const [contact, setContact] = useState<Contact>({
    phone: user.phone ?? '',
    address: user.address ?? EMPTY_ADDRESS,
  });
  // What was typed before the page hydrated: React holds what it rendered and puts it back at its
  // next render, so Save sent (and stored) that, said "saved" and showed the fields emptied.
  const form = useEarlyChoice<HTMLFormElement>(
    (shown) => setContact(JSON.parse(shown) as Contact),
    (element) => JSON.stringify(contactFromForm(new FormData(element))),
  );
  const snapshot = JSON.stringify(contact);
  const unsaved = useUnsavedChanges(snapshot);
  // What the last Save sent: saved once the action says so, what was typed since still a change.
  const sent = useRef(snapshot);
  const { allowLeaving } = unsaved;
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data && 'ok' in fetcher.data) allowLeaving(sent.current);
  }, [fetcher.state, fetcher.data, allowLeaving]);
  const errors = fetcher.data && 'fields' in fetcher.data ? fetcher.data.fields : undefined;
  // Each answer is a new object: a second refusal takes the keyboard to the first field again.
  const answer = fetcher.data;
  useFocusOnFailure(form, answer && 'error' in answer ? answer.error : null, answer);
  return (
    <fetcher.Form
      ref={form}
      method="post"
      noValidate
      onSubmit={() => {
        sent.current = snapshot;
      }}
      className="mt-6 flex max-w-3xl flex-col gap-4"
    >
      {unsaved.prompt}
      <input type="hidden" name="intent" value="contact" />
      <FormField label="Phone" hint="Leave empty for none." error={errors?.phone} className="max-w-xs">
        {(control) => (
          <input
            {...control}
            type="tel"
            name="phone"
            value={contact.phone}
            onChange={(event) => {
              const phone = event.currentTarget.value;
              setContact((current) => ({ ...current, phone }));
            }}
            className={inputClass}
          />
        )}
      </FormField>
      <AddressFields
        address={contact.address}
        onChange={(address) => setContact((current) => ({ ...current, address }))}
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
        { header: 'Product', cell: (item) => item.product.name, rowHeader: true, typed: true },
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
