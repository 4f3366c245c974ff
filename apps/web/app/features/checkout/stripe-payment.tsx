import type { PaymentIntent } from '@barbershop/contract';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js';
import { useMemo, useRef, useState } from 'react';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { confirmFailure, providerErrorMessage } from './payment-errors.ts';

export type StripePaymentProps = {
  publishableKey: string;
  /** What the Payment Element shows (wallet sheets) until the server has priced the cart, in cents. */
  amountCents: number;
  amount: string;
  receiptEmail: string;
  /** Absolute URL the card provider returns to, for the order the intent names. */
  returnUrl: (orderId: string) => string;
  /** Creates (or refreshes) the payment intent on the server; null when it failed and said why. */
  createIntent: () => Promise<PaymentIntent | null>;
  /** An error from the server side of the payment, shown with the provider's own. */
  serverError: string | null;
};

/** Said when Stripe's script or its card field does not load: a blocker, a bad network, a wrong key. */
const CARD_FORM_FAILED = 'The card form could not load. Check your connection, then try again.';

function StripeForm({
  amount,
  receiptEmail,
  returnUrl,
  createIntent,
  serverError,
  onLoadError,
}: StripePaymentProps & { onLoadError: () => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function pay(event: React.FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    setError(null);
    // The card details are checked before the server reserves any stock.
    const submitted = await elements.submit();
    if (submitted.error) {
      setError(providerErrorMessage(submitted.error));
      setBusy(false);
      return;
    }
    const intent = await createIntent();
    if (!intent) {
      setBusy(false);
      return;
    }
    const { error: confirmError } = await stripe.confirmPayment({
      elements,
      clientSecret: intent.clientSecret,
      confirmParams: { return_url: returnUrl(intent.orderId), receipt_email: receiptEmail },
    });
    // Success leaves the page for the return URL; only a failure comes back here. One without an
    // answer (the connection dropped on the way back) may have charged the card all the same: asked.
    const answered =
      confirmError.type === 'api_connection_error'
        ? await stripe.retrievePaymentIntent(intent.clientSecret).then(
            ({ paymentIntent }) => ({ ...confirmError, payment_intent: paymentIntent ?? null }),
            () => confirmError,
          )
        : confirmError;
    const failure = confirmFailure(answered);
    if (failure === 'through') {
      // Paid already (another tab of this cart, an earlier press): where Stripe sends a success.
      window.location.assign(returnUrl(intent.orderId));
      return;
    }
    setError(failure.message);
    setBusy(false);
  }

  return (
    <form aria-busy={busy} aria-label="Payment" onSubmit={pay} className="space-y-4">
      <PaymentElement options={{ layout: 'tabs' }} onLoadError={onLoadError} />
      {(error ?? serverError) && <Alert>{error ?? serverError}</Alert>}
      <Button type="submit" busy={busy} disabled={!stripe || !elements} className="min-h-12 w-full">
        {busy ? 'Processing…' : `Pay ${amount}`}
      </Button>
    </form>
  );
}

/**
 * Stripe's Payment Element (DESIGN.md section 2). This module is imported only by /checkout, and only
 * when the shop takes cards, so no other page downloads Stripe's code. Stripe.js itself comes from
 * Stripe's host, as Stripe requires.
 */
export default function StripePayment(props: StripePaymentProps) {
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  // A failed load resolves to no Stripe (Elements would leave a rejection unhandled and the Pay
  // button disabled for good, with nothing said); Try again loads the script anew.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each attempt is a new load on purpose
  const stripePromise = useMemo(
    () =>
      loadStripe(props.publishableKey).then(
        (stripe) => {
          if (!stripe) setFailed(true);
          return stripe;
        },
        () => {
          setFailed(true);
          return null;
        },
      ),
    [props.publishableKey, attempt],
  );
  // The button goes with the message: focus moves to the payment part, not to the page's start.
  const region = useRef<HTMLDivElement>(null);
  return (
    <div ref={region} tabIndex={-1} className="focus:outline-none">
      {failed ? (
        <div className="space-y-4">
          <Alert>{CARD_FORM_FAILED}</Alert>
          <Button
            type="button"
            className="min-h-12 w-full"
            onClick={() => {
              setFailed(false);
              setAttempt((n) => n + 1);
              region.current?.focus();
            }}
          >
            Try again
          </Button>
        </div>
      ) : (
        <Elements
          key={attempt}
          stripe={stripePromise}
          options={{
            mode: 'payment',
            currency: 'usd',
            // Stripe refuses amounts under 50 cents; the server-created intent carries the real figure.
            amount: Math.max(props.amountCents, 50),
            appearance: {
              theme: 'stripe',
              variables: { colorPrimary: '#1c1b19', colorText: '#1c1b19', borderRadius: '4px' },
            },
          }}
        >
          <StripeForm {...props} onLoadError={() => setFailed(true)} />
        </Elements>
      )}
    </div>
  );
}
