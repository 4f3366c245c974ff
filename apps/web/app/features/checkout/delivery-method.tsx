import type { Address } from '@barbershop/contract';
import { formatAddress } from '@barbershop/contract/format';

/** A maps search for the address: the customer's own maps app or the web opens it. */
export function mapsHref(address: Address): string {
  return `https://www.google.com/maps/search/?${new URLSearchParams({ api: '1', query: formatAddress(address) })}`;
}

/**
 * SPEC.md sections 2 and 4: pickup, chosen, with the shop's address and a maps link (the name alone
 * while the shop has given no address); delivery shown but disabled, 'Coming Soon'.
 */
export function DeliveryMethod({ shopName, address }: { shopName: string; address: Address | null }) {
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
      <address className="rounded-lg bg-white px-4 py-3 not-italic ring-1 ring-charcoal/10">
        <span className="block font-semibold">{shopName}</span>
        {address && (
          <>
            <span className="block">{[address.line1, address.line2].filter(Boolean).join(', ')}</span>
            <span className="block">
              {address.city}, {address.state} {address.postal_code}, {address.country}
            </span>
            <a
              href={mapsHref(address)}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-1 inline-flex min-h-11 items-center font-semibold text-brass-dark underline underline-offset-4"
            >
              Open in maps<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </>
        )}
      </address>
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
