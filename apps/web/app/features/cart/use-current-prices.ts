import { useEffect } from 'react';
import { browserApi } from '../../lib/api.ts';
import { refreshLines } from './cart-rules.ts';
import { updateCart } from './cart-store.ts';

/**
 * Brings the cart's prices, names and stock limits up to date with the store's catalogue. A catalogue
 * that cannot be read leaves the cart as it is (checkout prices it on the server anyway). `isLive`
 * says whether the page still wants the answer.
 */
export function refreshCartPrices(apiBaseUrl: string, isLive: () => boolean = () => true) {
  return browserApi(apiBaseUrl)
    .get('/products/published')
    .then(
      (catalogue) => {
        if (isLive()) updateCart((state) => refreshLines(state, catalogue));
      },
      () => {},
    );
}

/**
 * The cart brought up to date once the page runs: a cart kept in this browser may be days old.
 * `active` is false for an empty cart and before hydration.
 */
export function useCurrentPrices(apiBaseUrl: string, active: boolean) {
  useEffect(() => {
    if (!active) return;
    let live = true;
    void refreshCartPrices(apiBaseUrl, () => live);
    return () => {
      live = false;
    };
  }, [apiBaseUrl, active]);
}
