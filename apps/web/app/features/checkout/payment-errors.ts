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

/**
 * The card processor canceled the payment while the customer confirmed it: the expiry sweep ends a
 * reservation's payment once its 30 minutes are up (a bank's check left open that long), or staff did
 * in Stripe's dashboard. Nothing was charged, and Pay starts a new payment.
 */
export const PAYMENT_CANCELED_ERROR =
  'This payment was canceled before it went through, so nothing was charged. Press Pay again to pay.';

/** What this checkout reads of an error Stripe.js answers a card confirmation with. */
export type ConfirmError = {
  type?: string;
  code?: string;
  message?: string;
  payment_intent?: { status?: string } | null;
};

/**
 * What a card confirmation that came back with an error means for the customer: 'through' when the
 * payment went through all the same, which Stripe says by refusing to confirm it again (it was paid
 * in another tab of the same cart, or by an earlier press whose answer was lost): the customer goes
 * on to its confirmation as after any payment. Otherwise what to say: a canceled payment charged
 * nothing; a bank check (3-D Secure) that failed or was closed is said in Stripe's words, which tell
 * the customer to try again or use another card; a confirmation that got no answer, whose payment
 * (asked again) did not go through, as Pay without an answer is; the rest as providerErrorMessage says.
 */
export function confirmFailure(error: ConfirmError): 'through' | { message: string } {
  const status = error.payment_intent?.status;
  if (status === 'succeeded' || status === 'processing' || status === 'requires_capture') return 'through';
  if (status === 'canceled') return { message: PAYMENT_CANCELED_ERROR };
  if (error.code === 'payment_intent_authentication_failure' && error.message) {
    return { message: error.message };
  }
  if (error.type === 'api_connection_error') return { message: NO_CONNECTION_PAYMENT_ERROR };
  return { message: providerErrorMessage(error) };
}
