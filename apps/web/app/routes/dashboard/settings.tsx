import { useRevalidator } from 'react-router';
import { useToast } from '../../components/toast.tsx';
import { requireRole } from '../../features/auth/require-role.ts';
import { SettingsForm } from '../../features/dashboard-settings/settings-form.tsx';
import { PageHeader } from '../../features/dashboard-shell/page-header.tsx';
import { serverApi } from '../../lib/api.ts';
import { useBrowserApi } from '../../lib/use-browser-api.ts';
import type { Route } from './+types/settings';
import { dashboardMeta } from './dashboard-meta.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context, 'admin');
  return { shop: await serverApi(context).get('/shop') };
}

export function meta({ matches }: Route.MetaArgs) {
  return dashboardMeta('Shop Settings', matches);
}

/** /dashboard/settings (admin): the shop's details as every public page shows them. */
export default function Settings({ loaderData }: Route.ComponentProps) {
  const api = useBrowserApi();
  const toast = useToast();
  const { revalidate } = useRevalidator();
  return (
    <>
      <PageHeader title="Shop Settings" />
      <SettingsForm
        api={api}
        shop={loaderData.shop}
        onSaved={() => {
          toast('Settings saved');
          revalidate();
        }}
      />
    </>
  );
}
