import { useEffect } from 'react';
import { browserApi } from '../../lib/api.ts';
import { type HeldUnits, refreshLines } from './cart-rules.ts';
import { updateCart } from './cart-store.ts';

/**
 * What the signed-in customer's pending order (their last payment attempt, from this browser or
 * another) holds reserved; nothing when there is none or it cannot be read.
 */
function heldByPendingOrder(api: ReturnType<typeof browserApi>): Promise<readonly HeldUnits[]> {
  return api
    .get('/orders')
    .then((orders) => orders.find((order) => order.status === 'pending'))
    .then((pending) =>
      pending ? api.get(`/orders/${encodeURIComponent(pending._id)}`).then((order) => order.products) : [],
    )
    .then(
      (units) => units,
      () => [],
    );
}

/**
 * Brings the cart's prices, names and stock limits up to date with the store's catalogue, counting
 * what the signed-in customer's pending order still holds reserved (the next payment attempt gets it
 * back). A catalogue that cannot be read leaves the cart as it is (checkout prices it on the server
 * anyway). `isLive` says whether the page still wants the answer.
 */
export function refreshCartPrices(apiBaseUrl: string, signedIn: boolean, isLive: () => boolean = () => true) {
  const api = browserApi(apiBaseUrl);
  const held = signedIn ? heldByPendingOrder(api) : Promise.resolve([]);
  return Promise.all([api.get('/products/published'), held]).then(
    ([catalogue, units]) => {
      if (isLive()) updateCart((state) => refreshLines(state, catalogue, units));
    },
    () => {},
  );
}

/**
 * The cart brought up to date once the page runs: a cart kept in this browser may be days old.
 * `active` is false for an empty cart and before hydration.
 */
export function useCurrentPrices(apiBaseUrl: string, signedIn: boolean, active: boolean) {
  useEffect(() => {
    if (!active) return;
    let live = true;
    void refreshCartPrices(apiBaseUrl, signedIn, () => live);
    return () => {
      live = false;
    };
  }, [apiBaseUrl, signedIn, active]);
}
