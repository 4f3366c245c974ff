import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';

/**
 * The demo provider's stand-in for the card form (DESIGN.md section 2): clearly labelled, so nobody
 * takes it for a real payment. Pay runs the same order lifecycle as a card payment would.
 */
export function DemoPayment({
  amount,
  busy,
  error,
  onPay,
}: {
  amount: string;
  busy: boolean;
  error: string | null;
  onPay: () => void;
}) {
  return (
    <form
      aria-busy={busy}
      aria-label="Payment"
      onSubmit={(event) => {
        event.preventDefault();
        onPay();
      }}
      className="space-y-4"
    >
      <div className="rounded-lg border-2 border-dashed border-brass bg-brass/10 p-4">
        <p className="font-display text-lg uppercase tracking-wide">Demo payment - no card is charged</p>
        <p className="mt-1 text-sm">
          This shop runs in demo mode: paying places a real order in the demo store, and no money moves.
        </p>
      </div>
      {error && <Alert>{error}</Alert>}
      <Button type="submit" busy={busy} className="min-h-12 w-full">
        {busy ? 'Processing…' : `Pay ${amount}`}
      </Button>
    </form>
  );
}
