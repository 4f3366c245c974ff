import { useId, useState } from 'react';
import { useLocation } from 'react-router';
import { Dialog } from '../../components/dialog.tsx';
import { returnPath, signInPageHref } from '../../lib/sign-in-href.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { SignInPanel } from './sign-in-panel.tsx';

const triggerClass =
  'inline-flex min-h-11 items-center px-3 font-display text-sm tracking-widest text-paper hover:text-brass';

/**
 * SIGN IN and its popover (SPEC.md section 2): a native modal dialog, so the page behind is inert and
 * Escape closes it; the backdrop closes it too, Tab stays inside, and focus returns to SIGN IN. Until
 * the page's script runs (or without it) SIGN IN is a link to the /sign-in page, which says the same:
 * a press then still leads somewhere.
 */
export function SignInButton({ apiBaseUrl, provider }: { apiBaseUrl: string; provider: string }) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const location = useLocation();
  const path = returnPath(location);
  if (!useHydrated()) {
    return (
      <a href={signInPageHref(path)} className={triggerClass}>
        SIGN IN
      </a>
    );
  }
  return (
    <>
      <button type="button" aria-haspopup="dialog" onClick={() => setOpen(true)} className={triggerClass}>
        SIGN IN
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} labelledBy={headingId} className="max-w-sm">
        <div className="pt-2">
          <SignInPanel path={path} apiBaseUrl={apiBaseUrl} provider={provider} headingId={headingId} />
        </div>
      </Dialog>
    </>
  );
}
