import type { Address, OpeningHours as Hours } from '@barbershop/contract';
import { formatAddress } from '@barbershop/contract/format';
import { MapsLink } from '../../components/maps-link.tsx';
import { OpeningHours } from '../barbers/opening-hours.tsx';

/** Home's "Visit Us": where the shop is, with a maps link, and its opening hours when it has given them. */
export function VisitUs({ address, hours }: { address: Address; hours: Hours | null }) {
  return (
    <section aria-labelledby="visit-heading" className="@container mx-auto max-w-6xl px-4 pb-4">
      <h2 id="visit-heading" className="mb-6 text-3xl">
        Visit Us
      </h2>
      {/* Two columns where the section has room for the hours in rem (a container query): with larger
          text the hours go below the address instead of past the screen's edge. */}
      <div className="grid gap-8 @xl:grid-cols-2">
        <div>
          <address className="not-italic">{formatAddress(address)}</address>
          <MapsLink address={address} />
        </div>
        {hours && (
          <div className="max-w-sm">
            <h3 id="shop-hours-heading" className="mb-2 text-lg">
              Opening Hours
            </h3>
            <OpeningHours hours={hours} labelledBy="shop-hours-heading" />
          </div>
        )}
      </div>
    </section>
  );
}
