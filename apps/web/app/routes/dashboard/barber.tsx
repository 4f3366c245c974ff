import { ACCESS, WEEKDAY_NAMES, WEEKDAYS } from '@barbershop/contract/domain';
import {
  formatAddress,
  formatDollars,
  formatDuration,
  formatPhone,
  formatTime,
} from '@barbershop/contract/format';
import { Link, useNavigate } from 'react-router';
import { buttonClass } from '../../components/button.tsx';
import { StoredImage } from '../../components/stored-image.tsx';
import { useToast } from '../../components/toast.tsx';
import { AuditHistory } from '../../features/dashboard-audit/audit-history.tsx';
import { recordHistory } from '../../features/dashboard-audit/record-history.ts';
import { DeleteBarber } from '../../features/dashboard-barbers/delete-barber.tsx';
import { PageHeader } from '../../features/dashboard-shell/page-header.tsx';
import { orNotFound, serverApi } from '../../lib/api.ts';
import { useBrowserApi } from '../../lib/use-browser-api.ts';
import { useRootData } from '../../root.tsx';
import type { Route } from './+types/barber';
import { dashboardMeta } from './dashboard-meta.ts';

export async function loader({ context, params }: Route.LoaderArgs) {
  const api = serverApi(context);
  const barber = await orNotFound(api.get(`/dashboard/barbers/${encodeURIComponent(params.id)}`));
  const history = await recordHistory(api, barber.gid, 'barber');
  return { barber, history };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return dashboardMeta(loaderData?.barber.name ?? 'Barber', matches);
}

/** /dashboard/barbers/{id}: everything the public barber page shows, as staff check it. */
export default function BarberDetails({ loaderData }: Route.ComponentProps) {
  const { barber, history } = loaderData;
  const isAdmin = (useRootData()?.user?.accessLevel ?? 0) >= ACCESS.admin;
  const api = useBrowserApi();
  const navigate = useNavigate();
  const toast = useToast();
  return (
    <>
      <PageHeader
        title={barber.name}
        names={{ [barber.gid]: barber.name }}
        actions={
          isAdmin && (
            <>
              <Link to={`/dashboard/barbers/${barber.gid}/edit`} className={buttonClass()}>
                Edit<span className="sr-only"> {barber.name}</span>
              </Link>
              <DeleteBarber
                api={api}
                gid={barber.gid}
                name={barber.name}
                onDeleted={() => {
                  toast(`Barber ${barber.name} deleted`);
                  navigate('/dashboard/barbers');
                }}
              />
            </>
          )
        }
      />
      <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
        <StoredImage
          image={barber.profilePicture}
          alt={`Portrait of ${barber.name}`}
          sizes="256px"
          className="aspect-square w-64 rounded-lg object-cover"
        />
        <dl className="grid grid-cols-[max-content_minmax(0,1fr)] content-start gap-x-6 gap-y-2 break-words">
          <dt className="font-semibold">Active</dt>
          <dd>{barber.active ? 'Yes' : 'No (hidden from the site)'}</dd>
          <dt className="font-semibold">Display order</dt>
          <dd>{barber.position}</dd>
          <dt className="font-semibold">Nickname</dt>
          <dd>{barber.nickname || 'N/A'}</dd>
          <dt className="font-semibold">Address</dt>
          <dd>{formatAddress(barber.address)}</dd>
          <dt className="font-semibold">Map pin</dt>
          <dd>
            {barber.lat === null || barber.lng === null
              ? 'None: the address could not be placed on the map. Edit the barber to enter its latitude and longitude.'
              : `${barber.lat.toFixed(5)}, ${barber.lng.toFixed(5)}`}
          </dd>
          <dt className="font-semibold">Phone</dt>
          <dd>{formatPhone(barber.phone)}</dd>
          <dt className="font-semibold">Email</dt>
          <dd>{barber.email}</dd>
          <dt className="font-semibold">Rating</dt>
          <dd>
            {barber.rating.toFixed(1)} ({barber.reviewCount} reviews)
          </dd>
          <dt className="font-semibold">Booking link</dt>
          <dd className="break-all">{barber.booksyUrl || 'N/A'}</dd>
          <dt className="font-semibold">Instagram</dt>
          <dd className="break-all">{barber.instagramUrl || 'N/A'}</dd>
        </dl>
      </div>
      <section aria-labelledby="about-heading" className="mt-8">
        <h2 id="about-heading" className="mb-2 text-2xl">
          About
        </h2>
        <p className="whitespace-pre-line wrap-anywhere">{barber.about}</p>
      </section>
      <div className="mt-8 grid gap-8 md:grid-cols-2">
        <section aria-labelledby="services-heading">
          <h2 id="services-heading" className="mb-2 text-2xl">
            Services
          </h2>
          <ul className="flex flex-col gap-2">
            {barber.services.map((service) => (
              <li key={service.name} className="flex justify-between gap-4 border-b border-charcoal/10 py-2">
                <span className="min-w-0 wrap-anywhere">{service.name}</span>
                <span className="shrink-0">
                  {formatDollars(service.price)} · {formatDuration(service.duration)}
                </span>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="hours-heading">
          <h2 id="hours-heading" className="mb-2 text-2xl">
            Hours
          </h2>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1">
            {WEEKDAYS.map((day) => (
              <div key={day} className="contents">
                <dt className="font-semibold">{WEEKDAY_NAMES[day]}</dt>
                <dd>
                  {barber.hours[day].length === 0
                    ? 'Closed'
                    : barber.hours[day]
                        .map(([open, close]) => `${formatTime(open)} – ${formatTime(close)}`)
                        .join(', ')}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
      <AuditHistory {...history} />
    </>
  );
}
