import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * After `key` changes (a navigation), a keyboard's focus that was on something now gone (the link
 * pressed, on a page without it) has fallen to the body, and the next Tab starts from the top:
 * `target` takes it then, so reading and tabbing go on from there. A focus still on something that
 * stayed (the dashboard's menu, a dialog) is left where it is.
 */
export function useFocusWhenLost(key: string, target: () => HTMLElement | null) {
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the key changes.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    target()?.focus({ preventScroll: true });
  }, [key]);
}

/**
 * After a navigation to another page, a focus gone with the page it was on goes to the new page's
 * main region (every page has `#main`, focusable by script), so reading and tabbing go on from the
 * page's own content.
 */
export function useFocusMainAfterNavigation() {
  const { pathname } = useLocation();
  useFocusWhenLost(pathname, () => document.getElementById('main'));
}
