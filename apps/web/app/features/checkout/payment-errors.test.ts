import { describe, expect, it } from 'vitest';
import {
  confirmFailure,
  NO_CONNECTION_PAYMENT_ERROR,
  PAYMENT_CANCELED_ERROR,
  providerErrorMessage,
  UNEXPECTED_PAYMENT_ERROR,
} from './payment-errors.ts';

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

// Stripe.js's answers to stripe.confirmPayment, as Stripe gives them.
describe('confirmFailure', () => {
  const unexpectedState = (status: string) => ({
    type: 'invalid_request_error',
    code: 'payment_intent_unexpected_state',
    message: `You cannot confirm this PaymentIntent because it has a status of ${status}.`,
    payment_intent: { id: 'pi_1', status },
  });

  it('goes on to the confirmation when the payment went through already, in another tab of the same cart', () => {
    expect(confirmFailure(unexpectedState('succeeded'))).toBe('through');
    expect(confirmFailure(unexpectedState('processing'))).toBe('through');
  });

  it('says a payment canceled while the card was confirmed charged nothing, and Pay pays', () => {
    expect(confirmFailure(unexpectedState('canceled'))).toEqual({ message: PAYMENT_CANCELED_ERROR });
  });

  it("says a bank check (3-D Secure) that failed or was closed in Stripe's words", () => {
    const message =
      'We are unable to authenticate your payment method. Please choose a different payment method and try again.';
    expect(
      confirmFailure({
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        message,
        payment_intent: { status: 'requires_payment_method' },
      }),
    ).toEqual({ message });
  });

  it('reads a confirmation without an answer by where its payment stands, asked again', () => {
    const lost = { type: 'api_connection_error', message: 'Failed to fetch' };
    expect(confirmFailure({ ...lost, payment_intent: { status: 'succeeded' } })).toBe('through');
    expect(confirmFailure({ ...lost, payment_intent: { status: 'requires_payment_method' } })).toEqual({
      message: NO_CONNECTION_PAYMENT_ERROR,
    });
    expect(confirmFailure(lost)).toEqual({ message: NO_CONNECTION_PAYMENT_ERROR });
  });

  it('says what providerErrorMessage says otherwise', () => {
    const declined = {
      type: 'card_error',
      code: 'card_declined',
      message: 'Your card was declined.',
      payment_intent: { status: 'requires_payment_method' },
    };
    expect(confirmFailure(declined)).toEqual({ message: 'Your card was declined.' });
    expect(confirmFailure({ type: 'api_error', message: 'Something went wrong.' })).toEqual({
      message: UNEXPECTED_PAYMENT_ERROR,
    });
  });
});
