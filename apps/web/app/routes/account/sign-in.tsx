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
  const config = useRootData()?.config;
  return (
    <main id="main" tabIndex={-1} className="px-4 py-16 focus:outline-none">
      <SignInCard
        path={loaderData.path}
        error={loaderData.error}
        apiBaseUrl={config?.apiBaseUrl ?? ''}
        provider={config?.signInProvider ?? 'Google'}
      />
    </main>
  );
}
