import { useNavigate } from 'react-router';
import { useToast } from '../../components/toast.tsx';
import { requireRole } from '../../features/auth/require-role.ts';
import { BarberForm } from '../../features/dashboard-barbers/barber-form.tsx';
import { PageHeader } from '../../features/dashboard-shell/page-header.tsx';
import { useBrowserApi } from '../../lib/use-browser-api.ts';
import type { Route } from './+types/barber-create';
import { dashboardMeta } from './dashboard-meta.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context, 'admin');
  return null;
}

export function meta({ matches }: Route.MetaArgs) {
  return dashboardMeta('Create Barber', matches);
}

/** /dashboard/barbers/create (admin). */
export default function BarberCreate() {
  const api = useBrowserApi();
  const navigate = useNavigate();
  const toast = useToast();
  return (
    <>
      <PageHeader title="Create Barber" />
      <BarberForm
        api={api}
        onSaved={(barber) => {
          toast(`Barber ${barber.name} created`);
          navigate(`/dashboard/barbers/${barber.gid}`);
        }}
      />
    </>
  );
}
