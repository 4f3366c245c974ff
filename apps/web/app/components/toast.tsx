import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';

export type ToastTone = 'success' | 'error' | 'info';
/** Where a notice offers to go next: what it tells of calls for doing something there. */
export type ToastLink = { to: string; label: string };
type Toast = { id: number; message: string; tone: ToastTone; link?: ToastLink };

/**
 * How long a toast stays once nothing holds it: long enough to read a sentence twice. It waits while
 * the pointer rests on it or focus is in it, and can be dismissed (WCAG 2.2.1).
 */
export const TOAST_MS = 5000;

const ToastContext = createContext<(message: string, tone?: ToastTone, link?: ToastLink) => void>(() => {});

const TONES: Record<ToastTone, string> = {
  success: 'border-green-600',
  error: 'border-red-600',
  info: 'border-brass',
};

function ToastCard({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  const [pointedAt, setPointedAt] = useState(false);
  const [focused, setFocused] = useState(false);
  // One with a link stays until dismissed or followed: reaching the link takes as long as it takes.
  const held = pointedAt || focused || toast.link !== undefined;
  // Counted afresh each time it is let go, so what was being read is not taken away mid-sentence.
  useEffect(() => {
    if (held) return;
    const timer = setTimeout(() => onDismiss(toast.id), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast.id, onDismiss, held]);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: pointer and focus only hold the notice; the button is what acts
    <div
      onPointerEnter={() => setPointedAt(true)}
      onPointerLeave={() => setPointedAt(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => setFocused(event.currentTarget.contains(event.relatedTarget))}
      className={`pointer-events-auto flex items-center gap-2 rounded border-l-4 bg-charcoal py-1 pl-4 pr-1 text-paper shadow-xl ${TONES[toast.tone]}`}
    >
      <p className="flex-1 py-2">
        {toast.message}
        {toast.link && (
          <>
            {' '}
            <Link
              to={toast.link.to}
              onClick={() => onDismiss(toast.id)}
              className="font-semibold text-brass underline underline-offset-4"
            >
              {toast.link.label}
            </Link>
          </>
        )}
      </p>
      <button
        type="button"
        onClick={() => onDismiss(toast.id)}
        aria-label="Dismiss"
        className="inline-flex min-h-11 min-w-11 items-center justify-center rounded text-xl text-paper/80 hover:text-paper"
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/**
 * Short notices at the bottom of the screen. The two live regions are in the page from the start, so
 * screen readers announce what is added: errors at once (alert), the rest when idle (status). A notice
 * can cover the control that has focus (on a phone it spans the screen's width): Escape takes them all
 * away, focus staying where it is (WCAG 2.4.11). While one shows, the page keeps room below its end
 * as tall as the notices (app.css), so its last rows scroll out from under them and a control
 * tabbed to stops above them: one with a link stays until dismissed.
 */
export function ToastProvider({ children }: { children: React.ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const stack = useRef<HTMLDivElement>(null);
  const dismiss = useCallback(
    (id: number) => setToasts((list) => list.filter((toast) => toast.id !== id)),
    [],
  );
  const shown = toasts.length > 0;
  useEffect(() => {
    if (!shown) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setToasts([]);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [shown]);
  useEffect(() => {
    const element = stack.current;
    if (!shown || !element) return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() => root.setProperty('--toast-room', `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty('--toast-room');
    };
  }, [shown]);
  const show = useCallback(
    (message: string, tone: ToastTone = 'success', link?: ToastLink) =>
      setToasts((list) => [...list, { id: Date.now() + Math.random(), message, tone, link }]),
    [],
  );
  const regions = useMemo(
    () =>
      (['alert', 'status'] as const).map((role) => ({
        role,
        toasts: toasts.filter((toast) => (toast.tone === 'error') === (role === 'alert')),
      })),
    [toasts],
  );
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div
        ref={stack}
        className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4 sm:items-end"
      >
        {regions.map((region) => (
          <div key={region.role} role={region.role} className="flex w-full max-w-sm flex-col gap-2">
            {region.toasts.map((toast) => (
              <ToastCard key={toast.id} toast={toast} onDismiss={dismiss} />
            ))}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

/**
 * Shows a toast: `toast('Copied', 'success')`, or with a link to go on with
 * (`toast('Saved', 'success', { to: '/x', label: 'Open it' })`). Needs a ToastProvider above.
 */
export function useToast() {
  return useContext(ToastContext);
}
