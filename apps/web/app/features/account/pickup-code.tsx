import type { PickupCode } from '@barbershop/contract';

/**
 * The customer's one-time pickup code, with a QR code of it for staff to scan at the counter
 * (drawn on the server, so no QR library reaches the browser). Only the order's customer gets it.
 */
export function PickupCodeCard({ pickup, qrDataUrl }: { pickup: PickupCode; qrDataUrl: string }) {
  return (
    <section
      aria-labelledby="pickup-code"
      className="flex break-inside-avoid flex-col items-center gap-4 rounded-lg bg-white p-6 text-center ring-2 ring-brass sm:flex-row sm:text-left"
    >
      <img src={qrDataUrl} alt="QR code of your pickup code, for staff to scan" width={160} height={160} />
      <div>
        <h2 id="pickup-code" className="text-2xl">
          Pickup code
        </h2>
        <p className="my-2 font-mono text-4xl font-bold tracking-[0.3em]" data-testid="pickup-code">
          {pickup.code}
        </p>
        <p className="max-w-sm text-muted">
          Your order is ready. Show this code, or let staff scan the QR code, at the counter. Only the person
          with the code can collect the order, so keep it to yourself.
        </p>
      </div>
    </section>
  );
}
