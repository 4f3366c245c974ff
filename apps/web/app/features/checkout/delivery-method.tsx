import type { Address, OpeningHours as Hours } from '@barbershop/contract';
import { MapsLink } from '../../components/maps-link.tsx';
import { OpeningHours } from '../barbers/opening-hours.tsx';

/**
 * SPEC.md sections 2 and 4: pickup, chosen, with the shop's address and a maps link (the name alone
 * while the shop has given no address) and its opening hours once given; delivery shown but disabled,
 * 'Coming Soon'.
 */
export function DeliveryMethod({
  shopName,
  address,
  hours,
}: {
  shopName: string;
  address: Address | null;
  hours: Hours | null;
}) {
  return (
    <fieldset className="space-y-3">
      <legend className="mb-3 font-display text-xl uppercase tracking-wide">Delivery method</legend>
      <label className="flex cursor-pointer gap-3 rounded-lg bg-white p-4 ring-2 ring-charcoal">
        <input
          type="radio"
          name="delivery"
          value="pickup"
          defaultChecked
          className="mt-1 h-5 w-5 accent-charcoal"
        />
        <span className="flex-1">
          <span className="block font-semibold">Pickup at the shop</span>
          <span className="block text-sm text-muted">Free. We email you when your order is ready.</span>
        </span>
      </label>
      <div className="rounded-lg bg-white px-4 py-3 ring-1 ring-charcoal/10">
        <address className="not-italic">
          <span className="block font-semibold">{shopName}</span>
          {address && (
            <>
              <span className="block">{[address.line1, address.line2].filter(Boolean).join(', ')}</span>
              <span className="block">
                {address.city}, {address.state} {address.postal_code}, {address.country}
              </span>
              <MapsLink address={address} />
            </>
          )}
        </address>
        {/* Folded: on a phone the payment form comes below, and the week would push it a screen down. */}
        {hours && (
          <details className="mt-1">
            <summary id="pickup-hours" className="cursor-pointer py-2.5 font-semibold text-brass-dark">
              Pickup hours
            </summary>
            <OpeningHours hours={hours} labelledBy="pickup-hours" />
          </details>
        )}
      </div>
      <label className="flex cursor-not-allowed gap-3 rounded-lg bg-white/60 p-4 text-muted ring-1 ring-charcoal/10">
        <input type="radio" name="delivery" value="delivery" disabled className="mt-1 h-5 w-5" />
        <span className="flex-1">
          <span className="block font-semibold">Delivery</span>
          <span className="block text-sm">Coming Soon</span>
        </span>
      </label>
    </fieldset>
  );
}
