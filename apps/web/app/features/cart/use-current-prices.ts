import { useEffect } from 'react';
import { browserApi } from '../../lib/api.ts';
import { refreshLines } from './cart-rules.ts';
import { updateCart } from './cart-store.ts';

/**
 * Brings the cart's prices and names up to date with the store's catalogue once the page runs: a cart
 * kept in this browser may be days old. `active` is false for an empty cart and before hydration;
 * a catalogue that cannot be read leaves the cart as it is (checkout prices it on the server anyway).
 */
export function useCurrentPrices(apiBaseUrl: string, active: boolean) {
  useEffect(() => {
    if (!active) return;
    let live = true;
    browserApi(apiBaseUrl)
      .get('/products/published')
      .then(
        (catalogue) => {
          if (live) updateCart((state) => refreshLines(state, catalogue));
        },
        () => {},
      );
    return () => {
      live = false;
    };
  }, [apiBaseUrl, active]);
}
