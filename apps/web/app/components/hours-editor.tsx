import type { OpeningHours } from '@barbershop/contract';
import { WEEKDAY_NAMES, WEEKDAYS } from '@barbershop/contract/domain';
import { useId } from 'react';
import { Announcement } from './announcement.tsx';
import { inputClass } from './form-field.tsx';
import { useListRows } from './list-rows.ts';

const timeInputClass = inputClass.replace('w-full', 'w-36');

const smallButton =
  'inline-flex min-h-11 items-center rounded px-3 text-sm font-semibold text-brass-dark underline underline-offset-4 hover:text-charcoal';

/** What the schema says of one range: of the range itself, or of one of its two times. */
function rangeError(errors: Record<string, string>, day: string, index: number): string | undefined {
  const path = `hours.${day}.${index}`;
  return errors[path] ?? errors[`${path}.0`] ?? errors[`${path}.1`];
}

/**
 * Weekly opening hours: any number of open-close ranges a day; a day without one is Closed.
 * `errors` are the form's, by path (`hours.tuesday.0`, `hours.tuesday.0.1`): each range shows its own.
 */
export function HoursEditor({
  hours,
  onChange,
  errors = {},
}: {
  hours: OpeningHours;
  onChange: (hours: OpeningHours) => void;
  errors?: Record<string, string>;
}) {
  const id = useId();
  const rows = useListRows();
  const setDay = (day: keyof OpeningHours, ranges: OpeningHours[keyof OpeningHours]) =>
    onChange({ ...hours, [day]: ranges });
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="font-semibold">Opening hours</legend>
      {WEEKDAYS.map((day) => {
        const ranges = hours[day];
        return (
          <div
            key={day}
            data-rows
            className="flex flex-col gap-2 rounded bg-white p-3 ring-1 ring-charcoal/10"
          >
            <p className="font-semibold">{WEEKDAY_NAMES[day]}</p>
            {ranges.length === 0 && <p className="text-muted">Closed</p>}
            {ranges.map(([open, close], index) => {
              const error = rangeError(errors, day, index);
              const errorId = `${id}-${day}-${index}-error`;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: a range is known only by its place in the day.
                <div key={index} data-row className="flex flex-wrap items-center gap-2">
                  {(['Opens', 'Closes'] as const).map((edge, side) => (
                    <label key={edge} className="flex items-center gap-2">
                      <span className="sr-only">
                        {WEEKDAY_NAMES[day]} range {index + 1}
                      </span>
                      {edge}
                      <input
                        type="time"
                        value={side === 0 ? open : close}
                        onChange={(event) => {
                          const value = event.currentTarget.value;
                          setDay(
                            day,
                            ranges.map((range, i) =>
                              i === index ? (side === 0 ? [value, range[1]] : [range[0], value]) : range,
                            ),
                          );
                        }}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? errorId : undefined}
                        className={timeInputClass}
                      />
                    </label>
                  ))}
                  <button
                    type="button"
                    data-remove
                    className={smallButton}
                    onClick={(event) => {
                      rows.removed(event, index, `${WEEKDAY_NAMES[day]} range ${index + 1}`);
                      setDay(
                        day,
                        ranges.filter((_, i) => i !== index),
                      );
                    }}
                  >
                    Remove
                    <span className="sr-only">
                      {' '}
                      {WEEKDAY_NAMES[day]} range {index + 1}
                    </span>
                  </button>
                  {error && (
                    <p id={errorId} className="basis-full text-sm font-semibold text-red-800">
                      {error}
                    </p>
                  )}
                </div>
              );
            })}
            <div>
              <button
                type="button"
                data-add
                className={smallButton}
                onClick={(event) => {
                  rows.added(event, ranges.length);
                  setDay(day, [...ranges, ['09:00', '17:00']]);
                }}
              >
                Add hours<span className="sr-only"> on {WEEKDAY_NAMES[day]}</span>
              </button>
            </div>
          </div>
        );
      })}
      <Announcement said={rows.said} />
    </fieldset>
  );
}
