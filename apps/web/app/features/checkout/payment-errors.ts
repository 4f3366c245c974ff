/** SPEC.md section 8's text, misspelling included, for a payment failure the provider does not explain. */
export const UNEXPECTED_PAYMENT_ERROR = 'An unexpected error occured.';

/**
 * What to tell the customer when the card provider refuses a payment: its own message for card and
 * validation errors (the card was declined, a field is incomplete), the generic text otherwise.
 */
export function providerErrorMessage(error: { type?: string; message?: string }): string {
  if ((error.type === 'card_error' || error.type === 'validation_error') && error.message)
    return error.message;
  return UNEXPECTED_PAYMENT_ERROR;
}
