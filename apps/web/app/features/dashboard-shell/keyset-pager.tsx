import { useRef } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/button.tsx';
import { useFocusWhenLost } from '../../lib/use-focus-main-after-navigation.ts';

/**
 * A keyset-paged list's way on: back to its first page once past it, and to the next when there is one.
 * Next page is gone on the last page: focus then stays in the pager.
 */
export function KeysetPager({
  label,
  first,
  next,
}: {
  /** The navigation's name: "Pages of orders". */
  label: string;
  /** The first page's address, when the list shows a later one. */
  first: string | null;
  /** The next page's address, when there may be more rows. */
  next: string | null;
}) {
  const nav = useRef<HTMLElement>(null);
  useFocusWhenLost(`${first} ${next}`, () => nav.current);
  if (!next && !first) return null;
  return (
    <nav
      ref={nav}
      tabIndex={-1}
      aria-label={label}
      className="mt-4 flex flex-wrap justify-between gap-3 focus:outline-none"
    >
      {first ? (
        <Link to={first} className={buttonClass('secondary')}>
          First page
        </Link>
      ) : (
        <span />
      )}
      {next && (
        <Link to={next} className={buttonClass('secondary')}>
          Next page
        </Link>
      )}
    </nav>
  );
}
