import type { CurrentUser, PublicConfig, Shop } from '@barbershop/contract';
import { type ShopToday, shopToday } from '@barbershop/contract/format';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
// Inlined, not linked: a stylesheet request would hold the first paint back by a round trip on a
// phone's network (about 6 KB gzip, inside the HTML that is compressed anyway). Only the server
// writes it, so no script carries the stylesheet again. The browser takes its text from the element
// the server wrote: React draws the document anew for the root's error screen (a page that could not
// load offline), and an empty text there would leave that screen without the site's look.
import styles from './app.css?inline';
import { useFocusMainAfterNavigation } from './lib/use-focus-main-after-navigation.ts';

const STYLESHEET_ID = 'site-styles';
const inlineStyles = {
  __html: import.meta.env.SSR ? styles : (document.getElementById(STYLESHEET_ID)?.textContent ?? ''),
};
const startScript = { __html: import.meta.env.SSR ? startAfterPaintScript : '' };

import { ErrorScreen } from './components/error-screen.tsx';
import { ScriptsFailedNotice } from './components/needs-script.tsx';
import { PageLoading } from './components/page-loading.tsx';
import { currentUser } from './features/auth/current-user.ts';
import { useSessionAcrossTabs } from './features/auth/session-across-tabs.ts';
import { clearCart } from './features/cart/cart-store.ts';
import { serverApi } from './lib/api.ts';
import { publicConfigContext } from './lib/api-context.ts';
import { useNonce } from './lib/nonce.tsx';
import { startAfterPaintScript } from './lib/start-after-paint.ts';

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export async function loader({ context }: Route.LoaderArgs) {
  // The visitor is known at first paint, so the header never flashes the signed-out menu.
  const [shop, user] = await Promise.all([serverApi(context).get('/shop'), currentUser(context)]);
  const config = context.get(publicConfigContext);
  // Found here rather than in the browser: a date formatter in the shop's zone would be the first
  // Intl object a public page builds while it starts (docs/performance.md).
  return { shop, user, config, today: shopToday(new Date(), config.timeZone) };
}

export type RootData = { shop: Shop; user: CurrentUser; config: PublicConfig; today: ShopToday };

/** The shop, the signed-in user (or null) and public settings, for any component under the root. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>('root');
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const hydrate = !useMatches().some(
    (match) => (match.handle as { hydrate?: boolean } | undefined)?.hydrate === false,
  );
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1c1b19" />
        <Meta />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own built stylesheet; React would escape its > selectors */}
        <style id={STYLESHEET_ID} dangerouslySetInnerHTML={inlineStyles} suppressHydrationWarning />
        <Links />
      </head>
      <body className="min-h-dvh">
        {children}
        {hydrate && <ScrollRestoration nonce={nonce} />}
        {hydrate && <Scripts nonce={nonce} />}
        {hydrate && import.meta.env.PROD && (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own script, which starts the one above after the first paint
          <script nonce={nonce} dangerouslySetInnerHTML={startScript} suppressHydrationWarning />
        )}
        {hydrate && import.meta.env.PROD && <ScriptsFailedNotice />}
      </body>
    </html>
  );
}

export default function App() {
  useFocusMainAfterNavigation();
  // The cart goes with the one who leaves, as at sign-out (features/auth/sign-out.ts).
  useSessionAcrossTabs(useRootData()?.user?.gid ?? null, clearCart);
  return (
    <>
      <PageLoading />
      <Outlet />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (import.meta.env.DEV && error instanceof Error) console.error(error);
  return <ErrorScreen error={error} />;
}
