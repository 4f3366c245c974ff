import { Outlet } from 'react-router';
import { ErrorScreen } from '../../components/error-screen.tsx';
import { SiteFooter } from '../../components/site-footer.tsx';
import { SiteHeader } from '../../components/site-header.tsx';
import { AuthControls } from '../../features/auth/auth-controls.tsx';
import { CartMenu } from '../../features/cart/cart-menu.tsx';
import { configuredShop } from '../../lib/public-shop.ts';
import { useRootData } from '../../root.tsx';
import type { Route } from './+types/site-layout';

function Frame({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader
        shopName={root?.shop.name ?? 'Barbershop'}
        contact={configuredShop(root?.shop)}
        actions={
          <>
            <CartMenu />
            <AuthControls
              user={root?.user ?? null}
              apiBaseUrl={root?.config.apiBaseUrl ?? ''}
              provider={root?.config.signInProvider ?? 'Google'}
            />
          </>
        }
      />
      <div className="flex-1">{children}</div>
      {root && <SiteFooter shop={root.shop} year={root.today.year} />}
    </div>
  );
}

export default function SiteLayout() {
  return (
    <Frame>
      <Outlet />
    </Frame>
  );
}

/** Errors below the site layout keep the header and footer, so a visitor can find their way on. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <Frame>
      <ErrorScreen error={error} />
    </Frame>
  );
}
