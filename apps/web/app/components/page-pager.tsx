import { useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { PageShown } from '../lib/page-of.ts';
import { useFocusWhenLost } from '../lib/use-focus-main-after-navigation.ts';
import { buttonClass } from './button.tsx';

/**
 * Newer and older pages of a list shown a page at a time, newest first (pageOf), and which rows are
 * shown: "Items 1–50 of 1,168, newest first". `noun` is the rows' plural, in lower case. The link
 * pressed is gone on the first or last page: focus then stays in the pager, which says the rows shown.
 */
export function PagePager({
  noun,
  param,
  shown,
  shownCount,
}: {
  noun: string;
  /** The query parameter that holds the page. */
  param: string;
  shown: PageShown;
  shownCount: number;
}) {
  const [search] = useSearchParams();
  const nav = useRef<HTMLElement>(null);
  useFocusWhenLost(String(shown.page), () => nav.current);
  if (shown.pages <= 1) return null;
  // The address's other parameters stay: a page with two lists keeps the other's page.
  const to = (page: number) => {
    const next = new URLSearchParams(search);
    next.set(param, String(page));
    return { search: `?${next}` };
  };
  const count = (n: number) => n.toLocaleString('en-US');
  return (
    <nav
      ref={nav}
      tabIndex={-1}
      aria-label={`Pages of ${noun}`}
      className="flex flex-wrap items-center justify-between gap-3 focus:outline-none"
    >
      {shown.page > 1 ? (
        <Link to={to(shown.page - 1)} preventScrollReset className={buttonClass('secondary')}>
          Newer {noun}
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-muted">
        {noun[0]!.toUpperCase() + noun.slice(1)} {count(shown.first + 1)}–{count(shown.first + shownCount)} of{' '}
        {count(shown.total)}, newest first
      </p>
      {shown.page < shown.pages ? (
        <Link to={to(shown.page + 1)} preventScrollReset className={buttonClass('secondary')}>
          Older {noun}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
