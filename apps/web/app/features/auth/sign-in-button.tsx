import { useId, useState } from 'react';
import { useLocation } from 'react-router';
import { Dialog } from '../../components/dialog.tsx';
import { returnPath } from './sign-in-href.ts';
import { SignInPanel } from './sign-in-panel.tsx';

/**
 * SIGN IN and its popover (SPEC.md section 2): a native modal dialog, so the page behind is inert and
 * Escape closes it; the backdrop closes it too, Tab stays inside, and focus returns to SIGN IN.
 */
export function SignInButton({ apiBaseUrl }: { apiBaseUrl: string }) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const location = useLocation();
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className="inline-flex min-h-11 items-center px-3 font-display text-sm tracking-widest text-paper hover:text-brass"
      >
        SIGN IN
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} labelledBy={headingId} className="max-w-sm">
        <div className="pt-2">
          <SignInPanel path={returnPath(location)} apiBaseUrl={apiBaseUrl} headingId={headingId} />
        </div>
      </Dialog>
    </>
  );
}
