import { useSyncExternalStore } from 'react';
import { type CartState, EMPTY_CART, parseStoredCart } from './cart-rules.ts';

/**
 * The cart lives in the browser's localStorage (SPEC.md section 3 persists it locally): it survives a
 * reload and a new tab, and other open tabs follow through the storage event. The server renders every
 * page with an empty cart, and React swaps in the stored one right after hydration, so server and
 * browser markup always agree.
 */

const KEY = 'barbershop.cart';

let current: CartState = EMPTY_CART;
let loaded = false;
const listeners = new Set<() => void>();

function read(): CartState {
  try {
    return parseStoredCart(window.localStorage.getItem(KEY));
  } catch {
    // Storage can be switched off (private modes, policies): the cart then lasts as long as the page.
    return current;
  }
}

function snapshot(): CartState {
  if (!loaded) {
    current = read();
    loaded = true;
  }
  return current;
}

function emit() {
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent) {
  if (event.key !== KEY && event.key !== null) return;
  current = read();
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

const serverSnapshot = () => EMPTY_CART;

/** Applies one of cart-rules' pure changes and stores the result. */
export function updateCart(change: (state: CartState) => CartState) {
  const next = change(snapshot());
  if (next === current) return;
  current = next;
  try {
    if (next.lines.length === 0 && !next.orderId) window.localStorage.removeItem(KEY);
    else window.localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Full or switched-off storage: this page still has the cart.
  }
  emit();
}

/** Empties the cart here and in storage, whatever this tab last read of it (sign-out). */
export function clearCart() {
  current = EMPTY_CART;
  loaded = true;
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // Switched-off storage holds no cart.
  }
  emit();
}

/** The cart and its updater. An empty cart during server rendering and hydration. */
export function useCart(): [CartState, typeof updateCart] {
  const state = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  return [state, updateCart];
}
