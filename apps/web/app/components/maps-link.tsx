import type { Address } from '@barbershop/contract';
import { formatAddress } from '@barbershop/contract/format';

/** A maps search for the address: the customer's own maps app or the web opens it. */
export function mapsHref(address: Address): string {
  return `https://www.google.com/maps/search/?${new URLSearchParams({ api: '1', query: formatAddress(address) })}`;
}

/** "Open in maps" for the shop's address, in a new tab. */
export function MapsLink({ address }: { address: Address }) {
  return (
    <a
      href={mapsHref(address)}
      target="_blank"
      rel="noopener noreferrer"
      className="mt-1 inline-flex min-h-11 items-center font-semibold text-brass-dark underline underline-offset-4"
    >
      Open in maps<span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
