import { describe, expect, it } from 'vitest';
import { providerErrorMessage, UNEXPECTED_PAYMENT_ERROR } from './payment-errors.ts';

describe('providerErrorMessage', () => {
  it("shows the provider's message for card and validation errors", () => {
    expect(providerErrorMessage({ type: 'card_error', message: 'Your card was declined.' })).toBe(
      'Your card was declined.',
    );
    expect(
      providerErrorMessage({ type: 'validation_error', message: 'Your card number is incomplete.' }),
    ).toBe('Your card number is incomplete.');
  });

  it("says 'An unexpected error occured.' for anything else", () => {
    expect(UNEXPECTED_PAYMENT_ERROR).toBe('An unexpected error occured.');
    expect(providerErrorMessage({ type: 'api_connection_error', message: 'Network down' })).toBe(
      UNEXPECTED_PAYMENT_ERROR,
    );
    expect(providerErrorMessage({ type: 'card_error' })).toBe(UNEXPECTED_PAYMENT_ERROR);
    expect(providerErrorMessage({})).toBe(UNEXPECTED_PAYMENT_ERROR);
  });
});
