import type { OpeningHours as Hours } from '@barbershop/contract';
import { WEEKDAY_NAMES, WEEKDAYS, type Weekday } from '@barbershop/contract/domain';
import { formatTime, shopToday } from '@barbershop/contract/format';
import { useEffect, useState } from 'react';
import { useRouteLoaderData } from 'react-router';
import { useTimeZone } from '../../lib/use-time-zone.ts';
import type { RootData } from '../../root.tsx';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Today at the shop (its time zone, not the visitor's), as the server rendered the page for; the
 * browser works it out itself only when that day has ended since: a page the cache kept from just
 * before the shop's midnight, or a tab left open past it, whose highlight moves to the new day then
 * (or when the tab is shown again: a sleeping computer's timers lag).
 */
function useToday(): Weekday | null {
  const timeZone = useTimeZone();
  const rendered = useRouteLoaderData<RootData>('root')?.today;
  const [today, setToday] = useState<Weekday | null>(rendered?.weekday ?? null);
  // Again when the root's data comes anew (a later navigation), which may be of the next day.
  useEffect(() => {
    let day = rendered && Date.now() < rendered.endsAt ? rendered : shopToday(new Date(), timeZone);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const follow = () => {
      setToday(day.weekday);
      clearTimeout(timer);
      // Hourly at the latest: `endsAt` can be an hour out on a day the clocks change (shopToday).
      timer = setTimeout(renew, Math.min(day.endsAt - Date.now(), HOUR_MS));
    };
    const renew = () => {
      day = shopToday(new Date(), timeZone);
      follow();
    };
    const followIfEnded = () => {
      if (Date.now() >= day.endsAt) renew();
    };
    follow();
    document.addEventListener('visibilitychange', followIfEnded);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', followIfEnded);
    };
  }, [rendered, timeZone]);
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
