import type { Barber } from '@barbershop/contract';
import { formatAddress } from '@barbershop/contract/format';
import { StoredImage } from '../../components/stored-image.tsx';
import { Gallery } from './gallery.tsx';
import { ServicesList } from './services-list.tsx';
import { ShareButton } from './share-button.tsx';
import { SidePanel } from './side-panel.tsx';

/** Everything about one barber (SPEC.md section 2, Barber page), with the shop's policies. */
export function BarberProfile({
  barber,
  index,
  policies,
  mapsToken,
}: {
  barber: Barber;
  index: number;
  policies: string[];
  mapsToken: string;
}) {
  const id = (section: string) => `${section}-${barber.gid}`;
  // Everything here is typed by staff: a link pasted into About or one long word wraps where it must,
  // rather than widening the page (min-content too, so the grid's columns keep their widths).
  return (
    <div className="space-y-8 wrap-anywhere">
      <header className="flex items-start gap-4">
        <StoredImage
          image={barber.profilePicture}
          sizes="(min-width: 640px) 128px, 96px"
          width={128}
          height={160}
          className="h-25 w-20 shrink-0 rounded object-cover sm:h-40 sm:w-32"
        />
        <div className="min-w-0 flex-1">
          {/* A rating is earned by reviews: a new barber's form default of 5.0 over none is no rating. */}
          {barber.reviewCount > 0 ? (
            <p className="flex flex-wrap items-center gap-x-2 text-sm">
              <span aria-hidden="true" className="text-brass-dark">
                ★★★★★
              </span>
              <span className="sr-only">Rated</span>
              <span className="font-semibold">{barber.rating.toFixed(1)}</span>
              <span className="sr-only">out of 5,</span>
              <span className="text-muted">
                {barber.reviewCount} {barber.reviewCount === 1 ? 'review' : 'reviews'}
              </span>
            </p>
          ) : (
            <p className="text-sm text-muted">No reviews yet</p>
          )}
          <h2 className="mt-1 text-3xl sm:text-4xl">{barber.name}</h2>
          {barber.nickname && <p className="text-muted">“{barber.nickname}”</p>}
          <p className="mt-1">{formatAddress(barber.address)}</p>
        </div>
        <ShareButton index={index} name={barber.name} />
      </header>

      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-8">
          <section aria-labelledby={id('services')}>
            <h3 id={id('services')} className="mb-2 text-2xl">
              Services
            </h3>
            <ServicesList services={barber.services} barberName={barber.name} bookingUrl={barber.booksyUrl} />
          </section>
          {barber.gallery.length > 0 && (
            <section aria-labelledby={id('gallery')}>
              <h3 id={id('gallery')} className="mb-2 text-2xl">
                Gallery
              </h3>
              <Gallery images={barber.gallery} labelledBy={id('gallery')} />
            </section>
          )}
          {policies.length > 0 && (
            <section aria-labelledby={id('policies')}>
              <h3 id={id('policies')} className="mb-2 text-2xl">
                Policies
              </h3>
              <ul className="list-disc space-y-1 pl-5">
                {policies.map((policy) => (
                  <li key={policy}>{policy}</li>
                ))}
              </ul>
            </section>
          )}
        </div>
        <SidePanel barber={barber} mapsToken={mapsToken} />
      </div>
    </div>
  );
}
