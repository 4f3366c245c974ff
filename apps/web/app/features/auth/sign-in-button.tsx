import { useEffect, useId, useRef } from 'react';
import { useLocation } from 'react-router';
import { returnPath } from './sign-in-href.ts';
import { SignInPanel } from './sign-in-panel.tsx';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * SIGN IN and its popover (SPEC.md section 2): a native modal dialog, so the page behind is inert and
 * Escape closes it; the backdrop closes it too, Tab stays inside, and focus returns to SIGN IN.
 */
export function SignInButton({ apiBaseUrl, provider }: { apiBaseUrl: string; provider: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  const location = useLocation();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    // A click whose target is the dialog itself landed on the backdrop: the content fills the dialog.
    const onClick = (event: MouseEvent) => {
      if (event.target === element) element.close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const focusable = [...element.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = focusable[0];
      const last = focusable.at(-1);
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    };
    const onClose = () => trigger.current?.focus();
    element.addEventListener('click', onClick);
    element.addEventListener('keydown', onKeyDown);
    element.addEventListener('close', onClose);
    return () => {
      element.removeEventListener('click', onClick);
      element.removeEventListener('keydown', onKeyDown);
      element.removeEventListener('close', onClose);
    };
  }, []);

  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-haspopup="dialog"
        onClick={() => dialog.current?.showModal()}
        className="inline-flex min-h-11 items-center px-3 font-display text-sm tracking-widest text-paper hover:text-brass"
      >
        SIGN IN
      </button>
      <dialog
        ref={dialog}
        aria-modal="true"
        aria-labelledby={headingId}
        className="m-auto w-[min(24rem,calc(100vw-2rem))] rounded-lg bg-paper p-0 text-charcoal shadow-2xl backdrop:bg-charcoal/70"
      >
        <div className="relative px-6 pb-8 pt-10">
          <SignInPanel
            path={returnPath(location)}
            apiBaseUrl={apiBaseUrl}
            provider={provider}
            headingId={headingId}
          />
          <button
            type="button"
            onClick={() => dialog.current?.close()}
            aria-label="Close"
            className="absolute right-1 top-1 inline-flex min-h-11 min-w-11 items-center justify-center rounded text-2xl leading-none text-muted hover:text-charcoal"
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      </dialog>
    </>
  );
}
