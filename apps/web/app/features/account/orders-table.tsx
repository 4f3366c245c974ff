import type { OrderSummary } from '@barbershop/contract';
import { formatCents, formatDate } from '@barbershop/contract/format';
import { Link } from 'react-router';
import { cellClass, EmptyState, TableHead } from '../../components/data-table.tsx';
import { TableScroll } from '../../components/table-scroll.tsx';
import { OrderStatus } from './order-status.tsx';

/** /account/orders (SPEC.md section 2): Date, Order Id, Total, Status, and a View link per order. */
export function OrdersTable({ orders }: { orders: OrderSummary[] }) {
  if (orders.length === 0) {
    return <EmptyState message="You haven't placed any orders yet." to="/store" linkText="Visit the store" />;
  }
  return (
    <TableScroll label="Orders">
      <table className="w-full min-w-[44rem] border-collapse">
        <caption className="sr-only">Your orders, newest first</caption>
        <TableHead columns={['Date', 'Order Id', 'Total', 'Status', 'Action']} />
        <tbody>
          {orders.map((order) => (
            <tr key={order._id} className="border-t border-charcoal/10">
              <td className={`${cellClass} whitespace-nowrap`}>{formatDate(order.date)}</td>
              <th scope="row" className={`${cellClass} text-left font-mono text-sm font-normal`}>
                {order._id}
              </th>
              <td className={`${cellClass} whitespace-nowrap`}>{formatCents(order.total)}</td>
              <td className={cellClass}>
                <OrderStatus status={order.status} />
              </td>
              <td className={cellClass}>
                <Link
                  to={`/account/orders/${order._id}`}
                  className="inline-flex min-h-11 items-center font-semibold text-brass-dark underline underline-offset-4"
                >
                  View<span className="sr-only"> order {order._id}</span>
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
