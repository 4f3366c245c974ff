import type { Barber } from '@barbershop/contract';
import { formatAddress, formatPhone, phoneHref } from '@barbershop/contract/format';
import { LineIcon } from '../../components/line-icon.tsx';
import { BarberMap } from './barber-map.tsx';
import { DirectionsChooser } from './directions-chooser.tsx';
import { OpeningHours } from './opening-hours.tsx';

const headingClass = 'mb-2 text-lg';

/** The side panel: map and directions, ABOUT US, phone with a Call link, weekly hours, social links. */
export function SidePanel({ barber, mapsToken }: { barber: Barber; mapsToken: string }) {
  const id = (section: string) => `${section}-${barber.gid}`;
  const address = formatAddress(barber.address);
  const destination = { address, lat: barber.lat, lng: barber.lng };
  return (
    <aside aria-label={`${barber.name}: location and contact`} className="space-y-6">
      <section aria-labelledby={id('location')}>
        <h3 id={id('location')} className="sr-only">
          Location
        </h3>
        <BarberMap lat={barber.lat} lng={barber.lng} place={address} mapsToken={mapsToken} />
        <address className="mt-2 not-italic">{address}</address>
        <div className="mt-2">
          <DirectionsChooser destination={destination} />
        </div>
      </section>
      {barber.about && (
        <section aria-labelledby={id('about')}>
          <h3 id={id('about')} className={headingClass}>
            About Us
          </h3>
          <p className="whitespace-pre-line leading-relaxed">{barber.about}</p>
        </section>
      )}
      <section aria-labelledby={id('contact')}>
        <h3 id={id('contact')} className={headingClass}>
          Contact
        </h3>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <span>{formatPhone(barber.phone)}</span>
          <a
            href={phoneHref(barber.phone)}
            className="inline-flex min-h-11 items-center rounded border border-charcoal px-4 font-display text-sm uppercase tracking-wider hover:bg-charcoal hover:text-paper"
          >
            Call<span className="sr-only"> {barber.name}</span>
          </a>
        </p>
        {barber.instagramUrl && (
          <ul className="mt-2">
            <li>
              <a
                href={barber.instagramUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex min-h-11 items-center gap-2 underline-offset-4 hover:underline"
              >
                <LineIcon className="h-5 w-5">
                  <rect x="3" y="3" width="18" height="18" rx="5" />
                  <circle cx="12" cy="12" r="4" />
                  <circle cx="17.5" cy="6.5" r="1" fill="currentColor" />
                </LineIcon>
                Instagram<span className="sr-only"> of {barber.name} (opens in a new tab)</span>
              </a>
            </li>
          </ul>
        )}
      </section>
      <section aria-labelledby={id('hours')}>
        <h3 id={id('hours')} className={headingClass}>
          Hours
        </h3>
        <OpeningHours hours={barber.hours} labelledBy={id('hours')} />
      </section>
    </aside>
  );
}
