import type { Shop } from '@barbershop/contract';
import { isRouteErrorResponse, Link, useRevalidator, useRouteLoaderData } from 'react-router';
import { isNetworkFailure } from '../lib/network-failure.ts';
import { Button, buttonClass } from './button.tsx';

const screenClass =
  'mx-auto flex min-h-[60dvh] max-w-2xl flex-col items-start justify-center gap-4 px-6 py-16 focus:outline-none';

/**
 * SPEC.md section 8: the router's fallback, "Unexpected Application Error!" with status and text; a
 * 503 (the database is away) reads as a passing outage instead, and a page the browser could not
 * fetch (a phone gone offline between two taps) as a lost connection, not a fault of the shop's.
 */
export function ErrorScreen({ error }: { error: unknown }) {
  // The shop, when the root's data came (not when the root itself failed): a tab of the site says so.
  const shopName = useRouteLoaderData<{ shop: Shop }>('root')?.shop.name;
  if (isNetworkFailure(error)) return <ConnectionLost />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const statusText = isRouteErrorResponse(error) ? error.statusText : 'Internal Server Error';
  return (
    <main id="main" tabIndex={-1} className={screenClass}>
      {/* The failed route's meta never runs, so the page would have no title (React puts this in the head). */}
      <title>{`${status} ${statusText}${shopName ? ` | ${shopName}` : ''}`}</title>
      {status === 503 ? (
        <>
          <h1 className="text-3xl sm:text-4xl">Temporarily unavailable</h1>
          <p className="text-xl font-semibold">
            {status} {statusText}
          </p>
          <p>We cannot reach our systems right now. Please try again in a minute.</p>
        </>
      ) : (
        <>
          <h1 className="text-3xl sm:text-4xl">Unexpected Application Error!</h1>
          <p className="text-xl font-semibold">
            {status} {statusText}
          </p>
        </>
      )}
      <Link to="/" className={buttonClass()}>
        Back to home
      </Link>
    </main>
  );
}

/**
 * The page's data never came: only the browser can tell, so this is never rendered on the server. Try
 * again loads the page the visitor asked for where they are; offline, the same words stay, rather than
 * the browser's own error page a reload would bring. The cart lives in the browser and is untouched.
 */
function ConnectionLost() {
  const revalidator = useRevalidator();
  return (
    <main id="main" tabIndex={-1} className={screenClass}>
      <title>Connection lost</title>
      <h1 className="text-3xl sm:text-4xl">Connection lost</h1>
      <p>
        This page could not load: the shop did not answer. Check your connection, then try again. Your cart is
        kept on this device.
      </p>
      <Button busy={revalidator.state === 'loading'} onClick={() => void revalidator.revalidate()}>
        Try again
      </Button>
    </main>
  );
}
