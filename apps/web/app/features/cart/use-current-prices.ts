import { useEffect } from 'react';
import { browserApi } from '../../lib/api.ts';
import { type HeldUnits, refreshLines } from './cart-rules.ts';
import { updateCart } from './cart-store.ts';

/**
 * Brings the cart's prices, names and stock limits up to date with the store's catalogue, counting
 * what `orderId`, the signed-in customer's last payment attempt, still holds reserved. A catalogue
 * that cannot be read leaves the cart as it is (checkout prices it on the server anyway); an order
 * that cannot be read holds nothing. `isLive` says whether the page still wants the answer.
 */
export function refreshCartPrices(
  apiBaseUrl: string,
  orderId: string | null,
  isLive: () => boolean = () => true,
) {
  const api = browserApi(apiBaseUrl);
  const held: Promise<readonly HeldUnits[]> = orderId
    ? api.get(`/orders/${encodeURIComponent(orderId)}`).then(
        (order) => (order.status === 'pending' ? order.products : []),
        () => [],
      )
    : Promise.resolve([]);
  return Promise.all([api.get('/products/published'), held]).then(
    ([catalogue, units]) => {
      if (isLive()) updateCart((state) => refreshLines(state, catalogue, units));
    },
    () => {},
  );
}

/**
 * The cart brought up to date once the page runs: a cart kept in this browser may be days old.
 * `active` is false for an empty cart and before hydration; `orderId` only for a signed-in customer.
 */
export function useCurrentPrices(apiBaseUrl: string, orderId: string | null, active: boolean) {
  useEffect(() => {
    if (!active) return;
    let live = true;
    void refreshCartPrices(apiBaseUrl, orderId, () => live);
    return () => {
      live = false;
    };
  }, [apiBaseUrl, orderId, active]);
}
