import type { Image } from '@barbershop/contract';
import { formatCents } from '@barbershop/contract/format';
import { AmountList } from '../../components/amount-list.tsx';
import { StoredImage } from '../../components/stored-image.tsx';

export type SummaryLine = {
  key: string;
  name: string;
  size: string;
  quantity: number;
  image: Image;
  totalCents: number;
  /** What is wrong with the line (more than is left), said before Pay is refused for it. */
  note?: string | null;
  /** That its price changed since the customer added it (the total is at today's). */
  priceNote?: string | null;
};
export type SummaryAmounts = { subtotal: number; salesTax: number; shippingCost: number; total: number };

/**
 * Checkout's 'Order Summary' (SPEC.md section 2): lines, subtotal, shipping $0, a tax line when the
 * shop charges tax (DESIGN.md section 6), and the total. Amounts in cents.
 */
export function OrderSummary({
  lines,
  amounts,
  showTax,
}: {
  lines: SummaryLine[];
  amounts: SummaryAmounts;
  showTax: boolean;
}) {
  const rows: (readonly [string, number])[] = [
    ['Subtotal', amounts.subtotal],
    ['Shipping', amounts.shippingCost],
    ...(showTax ? [['Sales tax', amounts.salesTax] as const] : []),
  ];
  return (
    <section
      aria-labelledby="order-summary"
      className="rounded-lg bg-white p-4 ring-1 ring-charcoal/10 sm:p-6"
    >
      <h2 id="order-summary" className="mb-4 text-2xl">
        Order Summary
      </h2>
      <ul className="divide-y divide-charcoal/10">
        {lines.map((line) => (
          <li key={line.key} className="flex items-center gap-3 py-3">
            <StoredImage
              image={line.image}
              alt=""
              sizes="56px"
              width={56}
              height={56}
              className="h-14 w-14 shrink-0 rounded object-cover"
            />
            <div className="min-w-0 flex-1">
              <p className="font-semibold wrap-anywhere">{line.name}</p>
              <p className="text-sm text-muted">
                {line.size} · Qty {line.quantity}
              </p>
              {line.priceNote && <p className="text-sm font-semibold">{line.priceNote}</p>}
              {line.note && <p className="text-sm font-semibold text-red-800">{line.note}</p>}
            </div>
            <p className="font-semibold">{formatCents(line.totalCents)}</p>
          </li>
        ))}
      </ul>
      <AmountList rows={rows} total={amounts.total} className="mt-4 border-t border-charcoal/20 pt-4" />
    </section>
  );
}
