import type { OrderSummary } from '@barbershop/contract';
import { formatCents, formatDate } from '@barbershop/contract/format';
import { Link } from 'react-router';
import { DataTable, EmptyState, tableLinkClass } from '../../components/data-table.tsx';
import { useTimeZone } from '../../lib/use-time-zone.ts';
import { OrderStatus } from './order-status.tsx';

/** /account/orders (SPEC.md section 2): Date, Order Id, Total, Status, and a View link per order. */
export function OrdersTable({ orders }: { orders: OrderSummary[] }) {
  const timeZone = useTimeZone();
  return (
    <DataTable
      label="Orders"
      caption="Your orders, newest first"
      minWidth="44rem"
      rows={orders}
      rowKey={(order) => order._id}
      empty={
        <EmptyState message="You haven't placed any orders yet." to="/store" linkText="Visit the store" />
      }
      columns={[
        { header: 'Date', cell: (order) => formatDate(order.date, timeZone), className: 'whitespace-nowrap' },
        {
          header: 'Order Id',
          cell: (order) => order._id,
          rowHeader: true,
          className: 'font-mono text-sm font-normal',
        },
        { header: 'Total', cell: (order) => formatCents(order.total), className: 'whitespace-nowrap' },
        { header: 'Status', cell: (order) => <OrderStatus status={order.status} /> },
        {
          header: 'Action',
          cell: (order) => (
            <Link to={`/account/orders/${order._id}`} className={tableLinkClass}>
              View<span className="sr-only"> order {order._id}</span>
            </Link>
          ),
        },
      ]}
    />
  );
}
