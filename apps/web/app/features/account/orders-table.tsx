import type { OrderSummary } from '@barbershop/contract';
import { formatCents, formatDate } from '@barbershop/contract/format';
import { Link } from 'react-router';
import { TableScroll } from '../../components/table-scroll.tsx';
import { OrderStatus } from './order-status.tsx';

const th = 'px-4 py-3 text-left font-display text-sm uppercase tracking-wide';
const td = 'px-4 py-3 align-middle';

/** /account/orders (SPEC.md section 2): Date, Order Id, Total, Status, and a View link per order. */
export function OrdersTable({ orders }: { orders: OrderSummary[] }) {
  if (orders.length === 0) {
    return (
      <div className="rounded-lg bg-white px-6 py-10 text-center ring-1 ring-charcoal/10">
        <p>You haven't placed any orders yet.</p>
        <p className="mt-2">
          <Link to="/store" className="font-semibold text-brass-dark underline underline-offset-4">
            Visit the store
          </Link>
        </p>
      </div>
    );
  }
  return (
    <TableScroll label="Orders">
      <table className="w-full min-w-[44rem] border-collapse">
        <caption className="sr-only">Your orders, newest first</caption>
        <thead className="bg-charcoal text-paper">
          <tr>
            <th scope="col" className={th}>
              Date
            </th>
            <th scope="col" className={th}>
              Order Id
            </th>
            <th scope="col" className={th}>
              Total
            </th>
            <th scope="col" className={th}>
              Status
            </th>
            <th scope="col" className={th}>
              Action
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order._id} className="border-t border-charcoal/10">
              <td className={`${td} whitespace-nowrap`}>{formatDate(order.date)}</td>
              <th scope="row" className={`${td} text-left font-mono text-sm font-normal`}>
                {order._id}
              </th>
              <td className={`${td} whitespace-nowrap`}>{formatCents(order.total)}</td>
              <td className={td}>
                <OrderStatus status={order.status} />
              </td>
              <td className={td}>
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
