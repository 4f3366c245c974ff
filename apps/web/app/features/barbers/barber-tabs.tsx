import type { Barber } from '@barbershop/contract';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { StoredImage } from '../../components/stored-image.tsx';

export const tabId = (barber: Barber) => `barber-tab-${barber.gid}`;
export const panelId = (barber: Barber) => `barber-panel-${barber.gid}`;

/** Which tab a key moves to from `current`, wrapping around; null for keys the tablist leaves alone. */
function nextIndex(key: string, current: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return (current + 1) % count;
    case 'ArrowLeft':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * One tab per barber (WAI-ARIA tabs pattern): a single tab stop with the selected tab, arrow keys,
 * Home and End move and select; each tab is also a link to its barber, for a visit without the app.
 * On a phone the row scrolls sideways and keeps the chosen tab in view.
 */
export function BarberTabs({
  barbers,
  selected,
  onSelect,
}: {
  barbers: Barber[];
  selected: number;
  onSelect: (index: number) => void;
}) {
  const list = useRef<HTMLDivElement>(null);
  const tabs = useRef<(HTMLAnchorElement | null)[]>([]);

  // Scrolls the row sideways only, so a shared link to the sixth barber shows their tab on a phone
  // without moving the page.
  useEffect(() => {
    const row = list.current?.getBoundingClientRect();
    const tab = tabs.current[selected]?.getBoundingClientRect();
    if (!list.current || !row || !tab) return;
    if (tab.left < row.left) list.current.scrollLeft -= row.left - tab.left;
    else if (tab.right > row.right) list.current.scrollLeft += tab.right - row.right;
  }, [selected]);

  function select(index: number) {
    onSelect(index);
    tabs.current[index]?.focus();
  }

  function onKeyDown(event: KeyboardEvent) {
    const index = nextIndex(event.key, selected, barbers.length);
    if (index === null) return;
    event.preventDefault();
    select(index);
  }

  return (
    <div
      ref={list}
      role="tablist"
      aria-label="Barbers"
      onKeyDown={onKeyDown}
      className="-mx-4 flex snap-x gap-1 overflow-x-auto border-b border-charcoal/15 px-4 sm:mx-0 sm:px-0"
    >
      {barbers.map((barber, index) => {
        const isSelected = index === selected;
        return (
          // A link to the barber's own address until the app runs (it starts after the first paint, and
          // without JavaScript never): the server renders that barber's panel. Then a plain click
          // switches in place; one asking for a new tab or window still gets it.
          <a
            key={barber.gid}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            href={`?index=${index}`}
            role="tab"
            id={tabId(barber)}
            aria-selected={isSelected}
            aria-controls={panelId(barber)}
            tabIndex={isSelected ? 0 : -1}
            onClick={(event) => {
              if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
                return;
              event.preventDefault();
              select(index);
            }}
            // The strip scrolls sideways, so it clips what passes its edges: the focus ring is drawn inside.
            className={`inline-flex min-h-11 shrink-0 snap-start items-center gap-2 border-b-4 px-3 py-2 font-display text-sm uppercase tracking-wider whitespace-nowrap focus-visible:-outline-offset-3 ${
              // Forced colours draw every border, transparent ones too, in the theme's text colour: there
              // the chosen tab's bar takes the selection colour and the others' the page's.
              isSelected
                ? // The bar is what marks the chosen tab: brass-dark, 3:1 or more on paper (WCAG 1.4.11).
                  'border-brass-dark text-charcoal forced-colors:border-[Highlight]'
                : 'border-transparent text-muted hover:border-charcoal/30 hover:text-charcoal forced-colors:border-[Canvas]'
            }`}
          >
            {/* Lazy: React then writes no preload for each avatar, six that Chromium reported as unused. */}
            <StoredImage
              image={barber.profilePicture}
              sizes="32px"
              alt=""
              width={32}
              height={32}
              loading="lazy"
              className="h-8 w-8 rounded-full object-cover"
            />
            {barber.name}
          </a>
        );
      })}
    </div>
  );
}
