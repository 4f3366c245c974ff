import type { Order } from '@barbershop/contract';
import { formatAddress, formatCents, formatDate, formatDateTime } from '@barbershop/contract/format';
import { Link } from 'react-router';
import { AmountList } from '../../components/amount-list.tsx';
import { StoredImage } from '../../components/stored-image.tsx';
import { useTimeZone } from '../../lib/use-time-zone.ts';
import { OrderStatus } from './order-status.tsx';

const linkClass = 'font-semibold text-brass-dark underline underline-offset-4 hover:text-charcoal';

function Totals({ order }: { order: Order }) {
  // In checkout's order, so the receipt reads as the summary the customer paid from.
  const rows = [
    ['Subtotal', order.subtotal],
    ['Shipping', order.shippingCost],
    ['Sales tax', order.salesTax],
  ] as const;
  return (
    <AmountList rows={rows} total={order.total} className="ml-auto w-full max-w-xs break-inside-avoid" />
  );
}

/**
 * One order for its customer (SPEC.md section 2): lines link to their product while it is in the
 * store, printed items to their own page; amounts arrive in cents; the status is shown as received.
 */
export function OrderDetail({
  order,
  pickupAddress,
  showActors = false,
}: {
  order: Order;
  pickupAddress: string | null;
  /** Staff see who made each change, and when to the minute. */
  showActors?: boolean;
}) {
  const timeZone = useTimeZone();
  return (
    <div className="@container space-y-8">
      {/* Three columns where there is room for them in rem (a container query): with larger text the
          status no longer runs into the address beside it. */}
      <dl className="grid gap-4 rounded-lg bg-white p-4 ring-1 ring-charcoal/10 @xl:grid-cols-3">
        <div>
          <dt className="text-sm text-muted">Date</dt>
          <dd className="font-semibold">{formatDate(order.date, timeZone)}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">Status</dt>
          <dd>
            <OrderStatus status={order.status} />
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted">{order.deliveryMethod === 'pickup' ? 'Pickup' : 'Delivery'}</dt>
          <dd>
            {order.deliveryMethod === 'pickup'
              ? (pickupAddress ?? 'At the shop')
              : order.shipping?.address && formatAddress(order.shipping.address)}
          </dd>
        </div>
      </dl>

      <section aria-labelledby="order-lines">
        <h2 id="order-lines" className="mb-3 text-2xl">
          Items
        </h2>
        <ul className="divide-y divide-charcoal/10 rounded-lg bg-white ring-1 ring-charcoal/10">
          {order.products.map((line) => (
            // Printed, a line stays whole on one page, its price beside its name.
            <li key={line._id} className="flex break-inside-avoid gap-4 p-4">
              <StoredImage
                image={line.image}
                sizes="80px"
                alt=""
                width={80}
                height={80}
                className="h-20 w-20 shrink-0 rounded object-cover"
              />
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-baseline justify-between gap-x-4">
                  {line.inStore ? (
                    <Link to={`/store/${line.slug}`} className={`${linkClass} text-lg wrap-anywhere`}>
                      {line.name}
                    </Link>
                  ) : (
                    <span className="text-lg font-semibold wrap-anywhere">{line.name}</span>
                  )}
                  <span className="font-semibold">{formatCents(line.unitPrice * line.quantity)}</span>
                </div>
                <p className="text-sm text-muted">
                  Size {line.size} · {line.quantity} × {formatCents(line.unitPrice)}
                </p>
                {line.items.length > 0 && (
                  <ul className="mt-2 space-y-1 text-sm">
                    {line.items.map((item) => (
                      <li key={item._id} className="flex flex-wrap items-center gap-x-3">
                        <Link to={`/store/${line.slug}/${item._id}`} className={`${linkClass} font-mono`}>
                          <span className="sr-only">Item </span>
                          {item._id}
                        </Link>
                        <span className="text-muted">{item.status}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            </li>
          ))}
        </ul>
        <div className="mt-4 flex">
          <Totals order={order} />
        </div>
      </section>

      {order.log.length > 0 && (
        <section aria-labelledby="order-history">
          <h2 id="order-history" className="mb-3 text-2xl">
            History
          </h2>
          <ol className="space-y-2">
            {order.log.map((entry) => (
              <li key={`${entry.at}-${entry.message}`} className="flex flex-wrap gap-x-4">
                <time
                  dateTime={entry.at}
                  className={`shrink-0 text-muted ${showActors ? 'sm:w-60' : 'sm:w-44'}`}
                >
                  {showActors ? formatDateTime(entry.at, timeZone) : formatDate(entry.at, timeZone)}
                </time>
                <span>{entry.message}</span>
                {showActors && <span className="text-muted">by {entry.actor ?? 'the system'}</span>}
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}
