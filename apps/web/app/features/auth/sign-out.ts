import { browserApi } from '../../lib/api.ts';
import { clearCart } from '../cart/cart-store.ts';

/**
 * SPEC.md section 7: end the session, then go home; a failed call is only logged. The cart goes too:
 * on a shared computer the next visitor would see what this customer was buying, and its order.
 */
export async function signOut(apiBaseUrl: string): Promise<void> {
  try {
    await browserApi(apiBaseUrl).send('POST', '/auth/logout');
  } catch (error) {
    console.error('Sign-out failed', error);
  }
  clearCart();
  // A full load, so nothing rendered for the signed-in user stays on screen or in memory.
  window.location.assign('/');
}
