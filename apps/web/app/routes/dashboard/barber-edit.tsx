import { useNavigate } from 'react-router';
import { useToast } from '../../components/toast.tsx';
import { requireRole } from '../../features/auth/require-role.ts';
import { BarberForm } from '../../features/dashboard-barbers/barber-form.tsx';
import { PageHeader } from '../../features/dashboard-shell/page-header.tsx';
import { orNotFound, serverApi } from '../../lib/api.ts';
import { useBrowserApi } from '../../lib/use-browser-api.ts';
import type { Route } from './+types/barber-edit';
import { dashboardMeta } from './dashboard-meta.ts';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireRole(request, context, 'admin');
  const barber = await orNotFound(
    serverApi(context).get(`/dashboard/barbers/${encodeURIComponent(params.id)}`),
  );
  return { barber };
}

export function meta({ matches }: Route.MetaArgs) {
  return dashboardMeta('Edit Barber', matches);
}

/** /dashboard/barbers/{id}/edit (admin): every field of the barber. */
export default function BarberEdit({ loaderData }: Route.ComponentProps) {
  const api = useBrowserApi();
  const navigate = useNavigate();
  const toast = useToast();
  const { barber } = loaderData;
  return (
    <>
      <PageHeader title="Edit Barber" names={{ [barber.gid]: barber.name }} />
      <BarberForm
        key={barber.gid}
        api={api}
        barber={barber}
        onSaved={(saved) => {
          toast('Barber updated successfully');
          navigate(`/dashboard/barbers/${saved.gid}`);
        }}
      />
    </>
  );
}
