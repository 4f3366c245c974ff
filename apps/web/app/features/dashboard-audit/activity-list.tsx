import { AUDIT_ENTITIES, type AuditEntry, type AuditActor as Person } from '@barbershop/contract';
import { formatDateTime } from '@barbershop/contract/format';
import { useRef } from 'react';
import { Form, Link } from 'react-router';
import { buttonClass } from '../../components/button.tsx';
import { DataTable, EmptyState, tableLinkClass } from '../../components/data-table.tsx';
import { FormField, inputClass } from '../../components/form-field.tsx';
import { useTimeZone } from '../../lib/use-time-zone.ts';
import { useUrlFilterFields } from '../../lib/use-url-filter-fields.ts';
import { AuditActor, describeChange } from './audit-history.tsx';

export type ActivityFilter = { actor: string; entity: string; entityId: string };

// The records with a dashboard page of their own, by id (a product's page leads on to its name's; a
// stock change is recorded under its product's id).
const PAGES: Partial<Record<AuditEntry['entity'], string>> = {
  order: '/dashboard/orders/',
  user: '/dashboard/users/',
  barber: '/dashboard/barbers/',
  product: '/dashboard/products/',
  stock: '/dashboard/products/',
};

/** Person and kind, as a GET form: the filter lives in the URL. */
export function ActivityFilterForm({ filter, people }: { filter: ActivityFilter; people: Person[] }) {
  const form = useRef<HTMLFormElement>(null);
  useUrlFilterFields(form, filter);
  return (
    <Form
      ref={form}
      method="get"
      role="search"
      aria-label="Activity"
      className="mb-4 flex flex-wrap items-end gap-3"
    >
      {/* Filtering one record's changes by person or kind keeps to that record. */}
      {filter.entityId && <input type="hidden" name="entityId" value={filter.entityId} />}
      <FormField label="Person" className="w-60">
        {(control) => (
          <select {...control} name="actor" defaultValue={filter.actor} className={inputClass}>
            <option value="">Everyone</option>
            {people.map((person) => (
              <option key={person.gid} value={person.gid}>
                {person.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Kind" className="w-44">
        {(control) => (
          <select {...control} name="entity" defaultValue={filter.entity} className={inputClass}>
            <option value="">Every kind</option>
            {AUDIT_ENTITIES.map((entity) => (
              <option key={entity} value={entity}>
                {entity}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <button type="submit" className={buttonClass('primary')}>
        Filter
      </button>
    </Form>
  );
}

/** /dashboard/activity: every staff change, newest first. */
export function ActivityTable({ entries }: { entries: AuditEntry[] }) {
  const timeZone = useTimeZone();
  return (
    <DataTable
      label="Activity"
      caption="Changes made by staff, newest first"
      minWidth="56rem"
      rows={entries}
      rowKey={(entry) => entry._id}
      empty={<EmptyState message="No changes match this filter." />}
      columns={[
        {
          header: 'When',
          cell: (entry) => formatDateTime(entry.at, timeZone),
          className: 'whitespace-nowrap',
        },
        { header: 'Who', cell: (entry) => <AuditActor actor={entry.actor} tool={entry.tool} />, typed: true },
        {
          header: 'Record',
          rowHeader: true,
          className: 'font-normal',
          cell: (entry) => {
            const page = PAGES[entry.entity];
            const label = `${entry.entity} ${entry.entityId.slice(0, 8)}`;
            return page ? (
              <Link to={`${page}${entry.entityId}`} className={tableLinkClass}>
                {label}
              </Link>
            ) : (
              label
            );
          },
        },
        { header: 'Action', cell: (entry) => entry.action },
        {
          header: 'Change',
          className: 'text-sm',
          typed: true,
          cell: (entry) => {
            const change = describeChange(entry.before, entry.after, timeZone);
            return `${change.before} → ${change.after}`;
          },
        },
      ]}
    />
  );
}
