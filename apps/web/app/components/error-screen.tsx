import { Link } from 'react-router';
import { buttonClass } from './button.tsx';

/** SPEC.md section 8: the router's fallback, "Unexpected Application Error!" with status and text. */
export function ErrorScreen({ status, statusText }: { status: number; statusText: string }) {
  return (
    <main
      id="main"
      tabIndex={-1}
      className="mx-auto flex min-h-[60dvh] max-w-2xl flex-col items-start justify-center gap-4 px-6 py-16 focus:outline-none"
    >
      {/* The failed route's meta never runs, so the page would have no title (React puts this in the head). */}
      <title>{`${status} ${statusText}`}</title>
      <h1 className="text-3xl sm:text-4xl">Unexpected Application Error!</h1>
      <p className="text-xl font-semibold">
        {status} {statusText}
      </p>
      <Link to="/" className={buttonClass()}>
        Back to home
      </Link>
    </main>
  );
}
