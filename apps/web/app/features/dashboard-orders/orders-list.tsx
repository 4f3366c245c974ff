import {
  ORDER_STATUSES,
  type OrderSummary,
  SEARCH_MAX_LENGTH,
  type StaffOrderRow,
} from '@barbershop/contract';
import { formatCents, formatDate } from '@barbershop/contract/format';
import { useRef } from 'react';
import { Form, Link } from 'react-router';
import { buttonClass } from '../../components/button.tsx';
import { DataTable, EmptyState, tableLinkClass } from '../../components/data-table.tsx';
import { FormField, inputClass } from '../../components/form-field.tsx';
import { useTimeZone } from '../../lib/use-time-zone.ts';
import { useUrlFilterFields } from '../../lib/use-url-filter-fields.ts';

/** The list's filters as the URL has them: `attention` is 'open' for only the orders needing staff. */
export type OrdersFilter = { status: string; q: string; attention: string };

/** The list's filters as a query string, without the page: what the CSV export and "first page" take. */
export function filterQuery(filter: OrdersFilter, extra: Record<string, string> = {}): '' | `?${string}` {
  const params = new URLSearchParams();
  if (filter.status) params.set('status', filter.status);
  if (filter.q) params.set('q', filter.q);
  if (filter.attention) params.set('attention', filter.attention);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const query = params.toString();
  return query ? (`?${query}` as const) : '';
}

/**
 * Status, search and those needing staff, as a GET form: the filter lives in the URL, so it can be
 * shared and reloaded.
 */
export function OrdersFilterForm({ filter }: { filter: OrdersFilter }) {
  const form = useRef<HTMLFormElement>(null);
  useUrlFilterFields(form, filter);
  return (
    <Form
      ref={form}
      method="get"
      role="search"
      aria-label="Orders"
      className="mb-4 flex flex-wrap items-end gap-3"
    >
      <FormField label="Status" className="w-44">
        {(control) => (
          <select {...control} name="status" defaultValue={filter.status} className={inputClass}>
            <option value="">All statuses</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Search" hint="Order id, customer name or email" className="min-w-56 flex-1">
        {(control) => (
          <input
            {...control}
            type="search"
            name="q"
            maxLength={SEARCH_MAX_LENGTH}
            defaultValue={filter.q}
            className={inputClass}
          />
        )}
      </FormField>
      <label className="mb-6 flex min-h-11 items-center gap-2">
        <input
          type="checkbox"
          name="attention"
          value="open"
          defaultChecked={filter.attention === 'open'}
          className="size-5 accent-brass-dark"
        />
        Needs attention only
      </label>
      <button type="submit" className={buttonClass('primary', 'mb-6')}>
        Filter
      </button>
    </Form>
  );
}

type Row = OrderSummary & Partial<Pick<StaffOrderRow, 'customer' | 'needsAttention'>>;

/**
 * /dashboard/orders: date, order id, customer, total and status; each row opens the order. Rows
 * without a customer (one user's orders, on their page) leave that column out. An order that needs
 * staff (a refund that failed) says so beside its status; its page says why.
 */
export function OrdersListTable({
  orders,
  filtered = false,
  caption = 'Orders, newest first',
}: {
  orders: Row[];
  filtered?: boolean;
  caption?: string;
}) {
  const timeZone = useTimeZone();
  const withCustomer = orders.some((order) => order.customer);
  return (
    <DataTable<Row>
      label="Orders"
      caption={caption}
      // Within a tablet held upright (768 px, 720 px inside the page's margins), where staff hand orders
      // over at the counter: at 48rem the Status column, and a "Needs attention" under it, sat off to
      // the side. The order id, broken anywhere, is the column that gives way.
      minWidth={withCustomer ? '44rem' : '36rem'}
      rows={orders}
      rowKey={(order) => order._id}
      empty={
        <EmptyState
          message={filtered ? 'No orders match this filter.' : 'No orders yet.'}
          {...(filtered ? { to: '/dashboard/orders', linkText: 'Show every order' } : {})}
        />
      }
      columns={[
        { header: 'Date', cell: (order) => formatDate(order.date, timeZone), className: 'whitespace-nowrap' },
        {
          header: 'Order Id',
          rowHeader: true,
          className: 'font-mono text-sm font-normal',
          cell: (order) => (
            <Link to={`/dashboard/orders/${order._id}`} className={`${tableLinkClass} break-all`}>
              {order._id}
            </Link>
          ),
        },
        ...(withCustomer
          ? [
              {
                header: 'Customer',
                typed: true,
                // One box: on a phone's card the email stays under the name, not under the column's name.
                cell: (order: Row) => (
                  <span>
                    <span className="block font-semibold">{order.customer?.name}</span>
                    <span className="block text-sm text-muted">{order.customer?.email}</span>
                  </span>
                ),
              },
            ]
          : []),
        { header: 'Total', cell: (order) => formatCents(order.total), className: 'whitespace-nowrap' },
        {
          header: 'Status',
          cell: (order) => (
            <span>
              <span className="inline-block rounded-full bg-charcoal/10 px-3 py-1 text-sm font-semibold">
                {order.status}
              </span>
              {order.needsAttention && (
                <span className="mt-1 block text-sm font-semibold text-red-800">Needs attention</span>
              )}
            </span>
          ),
        },
      ]}
    />
  );
}
