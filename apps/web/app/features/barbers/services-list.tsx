import type { BarberService } from '@barbershop/contract';
import { formatDollars, formatDuration } from '@barbershop/contract/format';
import { buttonClass } from '../../components/button.tsx';

/** The barber's services with price and duration, each with a Book link to their booking page. */
export function ServicesList({
  services,
  barberName,
  bookingUrl,
}: {
  services: BarberService[];
  barberName: string;
  bookingUrl: string;
}) {
  if (services.length === 0) return <p className="text-muted">No services listed yet.</p>;
  return (
    <ul className="divide-y divide-charcoal/10">
      {services.map((service) => (
        <li key={service.name} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3">
          <div className="min-w-0 flex-1 basis-48">
            <h4 className="font-semibold">{service.name}</h4>
            {service.description && <p className="text-sm text-muted">{service.description}</p>}
          </div>
          <p className="text-right">
            <span className="block font-semibold">{formatDollars(service.price)}</span>
            <span className="block text-sm text-muted">{formatDuration(service.duration)}</span>
          </p>
          {bookingUrl && (
            <a href={bookingUrl} target="_blank" rel="noopener" className={buttonClass()}>
              Book
              <span className="sr-only">
                {' '}
                {service.name} with {barberName} (opens in a new tab)
              </span>
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
