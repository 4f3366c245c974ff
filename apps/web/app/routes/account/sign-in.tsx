import { ACCESS } from '@barbershop/contract/domain';
import { Link } from 'react-router';
import { SignInCard } from '../../features/auth/sign-in-card.tsx';
import { useRootData } from '../../root.tsx';
import type { Route } from './+types/sign-in';
import { privatePageMeta } from './private-meta.ts';

export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  return { path: params.get('path') ?? '/', error: params.get('error') };
}

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta('Sign In', matches);
}

/** /sign-in: the popover's content as a page (DESIGN.md section 7), where refused visitors are sent. */
export default function SignIn({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  const config = root?.config;
  // Someone already signed in lands here when their role is too low: besides signing in as someone
  // else, a way back to where they belong.
  const user = root?.user;
  const staff = !!user && user.accessLevel >= ACCESS.staff;
  return (
    <main id="main" tabIndex={-1} className="px-4 py-16 focus:outline-none">
      <SignInCard
        path={loaderData.path}
        error={loaderData.error}
        apiBaseUrl={config?.apiBaseUrl ?? ''}
        provider={config?.signInProvider ?? 'Google'}
      />
      {user && (
        <p className="mx-auto mt-6 max-w-md text-center">
          You are signed in as {user.name}.{' '}
          <Link
            to={staff ? '/dashboard' : '/'}
            className="font-semibold underline underline-offset-4 hover:text-brass-dark"
          >
            {staff ? 'Back to the dashboard' : 'Back to the home page'}
          </Link>
        </p>
      )}
    </main>
  );
}
