/** SPEC.md section 8's text, misspelling included, for a payment failure the provider does not explain. */
export const UNEXPECTED_PAYMENT_ERROR = 'An unexpected error occured.';

/**
 * Pay got no answer (offline, the connection dropped): the payment may or may not have reached the
 * shop, and pressing Pay again is safe either way (a paid order shows its confirmation instead).
 */
export const NO_CONNECTION_PAYMENT_ERROR =
  'Could not reach the shop. Check your connection, then press Pay again: your cart is kept, and an order already paid is never paid twice.';

/**
 * The server priced the cart at another total than the Pay button showed (a price changed, or the
 * cart was priced from an old copy): nothing is charged until the customer has seen the new figure.
 */
export function totalChangedMessage(total: string): string {
  return `The total is now ${total}: a price or your cart changed since this page priced it. Check the order summary, then press Pay again.`;
}

/**
 * What to tell the customer when the card provider refuses a payment: its own message for card and
 * validation errors (the card was declined, a field is incomplete), the generic text otherwise.
 */
export function providerErrorMessage(error: { type?: string; message?: string }): string {
  if ((error.type === 'card_error' || error.type === 'validation_error') && error.message)
    return error.message;
  return UNEXPECTED_PAYMENT_ERROR;
}
