import type { Overview } from '@barbershop/contract';
import { formatCents, formatDay } from '@barbershop/contract/format';
import { useId } from 'react';

const WIDTH = 600;
const HEIGHT = 160;
const GAP = 2;

/**
 * Daily revenue of the last 30 days as plain SVG bars. The picture is decoration for sighted staff;
 * the same numbers are in a table under a disclosure, which is what a screen reader reads.
 */
export function RevenueChart({ days }: { days: Overview['dailyRevenue'] }) {
  const titleId = useId();
  const max = Math.max(1, ...days.map((day) => day.revenue));
  const barWidth = WIDTH / Math.max(1, days.length);
  const total = days.reduce((sum, day) => sum + day.revenue, 0);
  return (
    <figure className="rounded-lg bg-white p-4 ring-1 ring-charcoal/10">
      <figcaption id={titleId} className="mb-2 font-semibold">
        Revenue per day, last {days.length} days ({formatCents(total)} in all)
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-40 w-full" role="img" aria-labelledby={titleId}>
        <title>Bar chart of revenue per day; the numbers are in the table below</title>
        <line
          x1="0"
          y1={HEIGHT - 0.5}
          x2={WIDTH}
          y2={HEIGHT - 0.5}
          stroke="currentColor"
          strokeOpacity="0.3"
        />
        {days.map((day, index) => {
          // A day that lost money (a refunded payment lost to a dispute too) has no bar; the table says how much.
          const height = (Math.max(0, day.revenue) / max) * (HEIGHT - 8);
          return (
            <rect
              key={day.date}
              x={index * barWidth + GAP / 2}
              y={HEIGHT - height}
              width={Math.max(1, barWidth - GAP)}
              height={height}
              className="fill-brass-dark"
            >
              <title>{`${formatDay(day.date)}: ${formatCents(day.revenue)}, ${day.orders} orders`}</title>
            </rect>
          );
        })}
      </svg>
      <details className="mt-2">
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-brass-dark">
          Show the numbers
        </summary>
        <table className="mt-2 w-full text-sm">
          <caption className="sr-only">Revenue and orders per day</caption>
          <thead>
            <tr>
              <th scope="col" className="text-left">
                Date
              </th>
              <th scope="col" className="text-right">
                Revenue
              </th>
              <th scope="col" className="text-right">
                Orders
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date} className="border-t border-charcoal/10">
                <th scope="row" className="text-left font-normal">
                  {formatDay(day.date)}
                </th>
                <td className="text-right">{formatCents(day.revenue)}</td>
                <td className="text-right">{day.orders}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
