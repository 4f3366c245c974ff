import { useLocation } from 'react-router';
import { SCRIPTS_FAILED_ID } from '../lib/start-after-paint.ts';
import { alertClass } from './alert.tsx';

/**
 * What a visitor whose browser runs no JavaScript reads where a part of the page cannot work without
 * it (the cart lives in this browser's storage): a <noscript>, so a browser that runs the page's
 * script never shows it. `replaces` names the id of what the page shows meanwhile ('Loading your
 * cart…'), which would otherwise promise something that never comes.
 */
export function NeedsScript({
  children,
  replaces,
  className = '',
}: {
  children: React.ReactNode;
  replaces?: string;
  className?: string;
}) {
  return (
    <noscript>
      {replaces && <style>{`#${replaces}{display:none}`}</style>}
      <p className={`${alertClass('info')} ${className}`.trim()}>{children}</p>
    </noscript>
  );
}

/** The cart's own words for it: every page of the store that holds a cart says the same. */
export function CartNeedsScript({ replaces }: { replaces?: string }) {
  return (
    <NeedsScript replaces={replaces}>
      The cart is kept in this browser and needs JavaScript, which is turned off here. Turn it on to add
      items, see your cart and check out.
    </NeedsScript>
  );
}

/** Said once at the top of every dashboard page, whose saving forms wait for the script to run. */
export function DashboardNeedsScript() {
  return (
    <NeedsScript className="mb-4">
      JavaScript is turned off in this browser: the dashboard's pages, links and filters work, but most of its
      buttons that save changes need JavaScript.
    </NeedsScript>
  );
}

/**
 * Shown by the page's start script (lib/start-after-paint.ts) when a chunk of the app did not load or
 * start: the page stays readable and its links work, but its buttons would do nothing without a word.
 * Its link loads the page's own address again.
 */
export function ScriptsFailedNotice() {
  const { pathname, search } = useLocation();
  return (
    <div
      id={SCRIPTS_FAILED_ID}
      hidden
      role="alert"
      className={`${alertClass('error')} fixed inset-x-2 bottom-2 z-50 mx-auto max-w-xl shadow-xl`}
    >
      Part of this page did not load, so some of its buttons will not work.{' '}
      {/* One leading slash: a request line of //another.host/x must not become a link to that host. */}
      <a href={`/${pathname.replace(/^\/+/, '')}${search}`} className="font-semibold underline">
        Reload the page
      </a>
    </div>
  );
}
