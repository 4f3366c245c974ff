import { ACCESS } from '@barbershop/contract/domain';
import { formatPhone } from '@barbershop/contract/format';
import { Link } from 'react-router';
import { buttonClass } from '../../components/button.tsx';
import { DataTable, EmptyState, tableLinkClass } from '../../components/data-table.tsx';
import { StoredImage } from '../../components/stored-image.tsx';
import { PageHeader } from '../../features/dashboard-shell/page-header.tsx';
import { serverApi } from '../../lib/api.ts';
import { useRootData } from '../../root.tsx';
import type { Route } from './+types/barbers';
import { dashboardMeta } from './dashboard-meta.ts';

export async function loader({ context }: Route.LoaderArgs) {
  return { barbers: await serverApi(context).get('/dashboard/barbers') };
}

export function meta({ matches }: Route.MetaArgs) {
  return dashboardMeta('Barbers', matches);
}

/** /dashboard/barbers: the barbers, each row leading to their details (DESIGN.md section 7). */
export default function Barbers({ loaderData }: Route.ComponentProps) {
  const isAdmin = (useRootData()?.user?.accessLevel ?? 0) >= ACCESS.admin;
  return (
    <>
      <PageHeader
        title="Barbers"
        actions={
          isAdmin && (
            <Link to="/dashboard/barbers/create" className={buttonClass()}>
              Create barber
            </Link>
          )
        }
      />
      <DataTable
        label="Barbers"
        caption="Barbers"
        rows={loaderData.barbers}
        rowKey={(barber) => barber.gid}
        empty={<EmptyState message="No barbers yet." />}
        columns={[
          {
            header: 'Photo',
            cell: (barber) => (
              <StoredImage
                image={barber.profilePicture}
                alt=""
                sizes="48px"
                width={48}
                height={48}
                loading="lazy"
                className="h-12 w-12 rounded-full object-cover"
              />
            ),
          },
          { header: 'Name', cell: (barber) => barber.name, rowHeader: true, typed: true },
          { header: 'Phone', cell: (barber) => formatPhone(barber.phone) },
          { header: 'Services', cell: (barber) => barber.services.length },
          { header: 'Active', cell: (barber) => (barber.active ? 'Yes' : 'No') },
          {
            header: 'Action',
            cell: (barber) => (
              <Link to={`/dashboard/barbers/${barber.gid}`} className={tableLinkClass}>
                View<span className="sr-only"> {barber.name}</span>
              </Link>
            ),
          },
        ]}
      />
    </>
  );
}
