import { useCallback, useLayoutEffect, useRef } from 'react';
import { useAnnouncement } from './announcement.tsx';

type Pressed = { currentTarget: Element };

/** The list a pressed button belongs to, and its rows as they are now. */
const listOf = (event: Pressed) => event.currentTarget.closest<HTMLElement>('[data-rows]');
const rowsOf = (list: HTMLElement | null) => [...(list?.querySelectorAll<HTMLElement>('[data-row]') ?? [])];

/**
 * Where the keyboard goes once a row of an editable list (a barber's services, a day's opening hours,
 * the shop's social links) is added or removed by its button. Otherwise Add keeps focus while the new
 * fields appear above it, unheard, and removing the last row drops focus to the page. After Add: the
 * new row's first field. After Remove: the Remove button now in the row's place, else the one before,
 * else the list's Add button; and `said` (for an `<Announcement>`) says what went. The list is marked
 * `data-rows`, each row `data-row`, a row's Remove button `data-remove`, the list's Add `data-add`.
 */
export function useListRows() {
  const { said, announce } = useAnnouncement();
  // Found once the render that shows the change has happened, and taken then.
  const next = useRef<(() => HTMLElement | null | undefined) | null>(null);
  useLayoutEffect(() => {
    const find = next.current;
    next.current = null;
    find?.()?.focus();
  });
  const added = useCallback((event: Pressed, index: number) => {
    const list = listOf(event);
    next.current = () => rowsOf(list)[index]?.querySelector<HTMLElement>('input, select, textarea');
  }, []);
  const removed = useCallback(
    (event: Pressed, index: number, what: string) => {
      const list = listOf(event);
      next.current = () => {
        const rows = rowsOf(list);
        const row = rows[index] ?? rows[index - 1];
        return (
          row?.querySelector<HTMLElement>('[data-remove]') ?? list?.querySelector<HTMLElement>('[data-add]')
        );
      };
      announce(`${what} removed`);
    },
    [announce],
  );
  return { said, added, removed };
}
