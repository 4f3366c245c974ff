import type { OpeningHours as Hours } from '@barbershop/contract';
import { WEEKDAY_NAMES, WEEKDAYS, type Weekday } from '@barbershop/contract/domain';
import { formatTime, weekdayIn } from '@barbershop/contract/format';
import { useEffect, useState } from 'react';
import { useTimeZone } from '../../lib/use-time-zone.ts';

/**
 * Today at the shop (its time zone, not the visitor's); known only in the browser, so the server's
 * render, which pages share from a cache, highlights nothing.
 */
function useToday(): Weekday | null {
  const timeZone = useTimeZone();
  const [today, setToday] = useState<Weekday | null>(null);
  useEffect(() => setToday(weekdayIn(new Date(), timeZone)), [timeZone]);
  return today;
}

/** Weekly hours in 12-hour time, 'Closed' for a day without hours, today highlighted. */
export function OpeningHours({ hours, labelledBy }: { hours: Hours; labelledBy: string }) {
  const today = useToday();
  return (
    <table aria-labelledby={labelledBy} className="w-full text-sm">
      <tbody>
        {WEEKDAYS.map((day) => {
          const intervals = hours[day] ?? [];
          const isToday = day === today;
          return (
            <tr
              key={day}
              aria-current={isToday ? 'date' : undefined}
              className={isToday ? 'bg-brass/15 font-semibold' : ''}
            >
              <th scope="row" className="py-1 pr-3 pl-1 text-left font-normal">
                {WEEKDAY_NAMES[day]}
                {isToday && <span className="sr-only"> (today)</span>}
              </th>
              <td className="py-1 pr-1 text-right">
                {intervals.length === 0
                  ? 'Closed'
                  : intervals.map(([open, close]) => (
                      <span key={open} className="block">
                        {formatTime(open)} – {formatTime(close)}
                      </span>
                    ))}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
