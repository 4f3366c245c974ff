/**
 * The Pay button of either payment provider. While the payment is confirming it is disabled and shows a
 * spinner (SPEC.md section 4); the form around it carries aria-busy.
 */
export function PayButton({ busy, label, disabled }: { busy: boolean; label: string; disabled?: boolean }) {
  return (
    <button
      type="submit"
      disabled={busy || disabled}
      className="inline-flex min-h-12 w-full items-center justify-center gap-3 rounded bg-charcoal px-6 font-display uppercase tracking-widest text-paper hover:bg-ink disabled:cursor-not-allowed disabled:opacity-70"
    >
      {busy && (
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 animate-spin" fill="none">
          <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.3" strokeWidth="3" />
          <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
        </svg>
      )}
      {busy ? 'Processing…' : label}
    </button>
  );
}

/** A payment problem, read out at once (role="alert"). */
export function PaymentAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded border-l-4 border-red-700 bg-red-50 px-4 py-3 text-red-900">
      {message}
    </p>
  );
}
