import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * After a navigation inside the app, a keyboard's focus is where the link or button that moved was:
 * gone with the page it was on, so it falls to the body and the next Tab starts from the header.
 * When that is so, the new page's main region takes it (every page has `#main`, focusable by
 * script), so reading and tabbing go on from the page's own content. A focus still on something
 * that stayed (the dashboard's menu, a dialog) is left where it is.
 */
export function useFocusMainAfterNavigation() {
  const { pathname } = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page's path changes.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
}
