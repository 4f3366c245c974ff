import { formatCents } from '@barbershop/contract/format';

/** An order's amounts, one row each (cents), and the total in bold below a rule. */
export function AmountList({
  rows,
  total,
  className = '',
}: {
  rows: readonly (readonly [string, number])[];
  total: number;
  className?: string;
}) {
  return (
    <dl className={`space-y-1 ${className}`.trim()}>
      {rows.map(([label, cents]) => (
        <div key={label} className="flex justify-between gap-6">
          <dt>{label}</dt>
          <dd>{formatCents(cents)}</dd>
        </div>
      ))}
      <div className="mt-2 flex justify-between gap-6 border-t border-charcoal/20 pt-2 text-lg font-semibold">
        <dt>Total</dt>
        <dd>{formatCents(total)}</dd>
      </div>
    </dl>
  );
}
