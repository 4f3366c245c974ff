import { useId } from 'react';
import { Alert } from '../../components/alert.tsx';
import { SignInPanel } from './sign-in-panel.tsx';

// The reasons the server's callback gives when it sends someone back here (auth.routes.ts).
const PROBLEMS: Record<string, string> = {
  canceled: 'Sign-in was canceled. You can try again whenever you are ready.',
  failed: 'We could not sign you in. Please try again.',
  // requireRole sends here a visitor whose role is too low, and a signed-out one from a dashboard page
  // (SPEC.md sections 6 and 8).
  forbidden: 'You are not authorized to access this page',
};

/** The /sign-in page's content: the popover's panel, and why the last attempt did not work, if it did not. */
export function SignInCard({
  path,
  error,
  apiBaseUrl,
  provider,
}: {
  path: string;
  error: string | null;
  apiBaseUrl: string;
  provider: string;
}) {
  const headingId = useId();
  const problem = error ? (PROBLEMS[error] ?? PROBLEMS.failed) : null;
  return (
    <section
      aria-labelledby={headingId}
      className="mx-auto max-w-md rounded-lg bg-white px-6 py-10 shadow-sm ring-1 ring-charcoal/10"
    >
      {problem && <Alert className="mb-6">{problem}</Alert>}
      <SignInPanel
        path={path}
        apiBaseUrl={apiBaseUrl}
        provider={provider}
        headingId={headingId}
        headingLevel="h1"
      />
    </section>
  );
}
