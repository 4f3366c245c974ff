import { useEffect } from 'react';
import { useRevalidator } from 'react-router';

const KEY = 'barbershop.session';

/**
 * The tabs of one browser share its session cookie, but each page shows the user it was loaded with.
 * Each tab writes who it shows into localStorage; another tab seeing a different one (signed out,
 * or signed in as someone else, over there) loads its own page's data again, so its header, an
 * account page (now the sign-in page) or checkout's Pay show who is really signed in. The cart
 * follows through its own storage event (cart-store.ts).
 *
 * `onSwitch` runs when this browser's last signed-in user was someone else, signed in over without
 * signing out (from the sign-in page a refused visitor is sent to): what they left, like their cart,
 * is not the new user's. A visitor signed out in between (a cart filled, then signing in) is no switch.
 */
export function useSessionAcrossTabs(userId: string | null, onSwitch: () => void) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const shown = userId ?? '';
    try {
      const last = window.localStorage.getItem(KEY);
      if (last !== shown) {
        if (last && shown) onSwitch();
        window.localStorage.setItem(KEY, shown);
      }
    } catch {
      // Storage switched off: each tab learns of the change on its next page.
    }
    function onStorage(event: StorageEvent) {
      if (event.key === KEY && event.newValue !== shown) void revalidate();
    }
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [userId, revalidate, onSwitch]);
}
