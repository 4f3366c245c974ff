import { useEffect, useId, useRef } from 'react';
import { Button } from './button.tsx';

// A form's hidden inputs are inputs too, and focus() does nothing on them: the trap must skip them.
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

type DialogProps = {
  open: boolean;
  /** Called when the dialog closes itself (Escape, the backdrop, the × button), not when `open` turns false. */
  onClose: () => void;
  /** A heading naming the dialog; or pass `labelledBy` when the content has its own heading. */
  title?: React.ReactNode;
  labelledBy?: string;
  /** The id of what a screen reader should read with the dialog's name as it opens (a warning in it). */
  describedBy?: string;
  /** Whether the × button shows (a confirmation has its own Cancel). */
  closeButton?: boolean;
  /**
   * Where focus goes on closing when the element it came from can no longer take it: disabled or
   * gone by then, as a button is once the change it made has landed; or when it came from nothing,
   * as a dialog a page opens as it loads does.
   */
  fallbackFocus?: React.RefObject<HTMLElement | null>;
  className?: string;
  children: React.ReactNode;
};

/**
 * A modal on the native <dialog>: the page behind is inert, Escape closes it, a click on the backdrop
 * closes it, Tab cycles inside it, and focus goes back to where it was when it opened.
 */
export function Dialog({
  open,
  onClose,
  title,
  labelledBy,
  describedBy,
  closeButton = true,
  fallbackFocus,
  className = '',
  children,
}: DialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const closingByProp = useRef(false);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const fallbackRef = useRef(fallbackFocus);
  fallbackRef.current = fallbackFocus;
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      returnFocus.current = document.activeElement as HTMLElement | null;
      element.showModal();
    } else if (!open && element.open) {
      closingByProp.current = true;
      element.close();
    }
  }, [open]);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    // A click whose target is the dialog itself landed on the backdrop: the content fills the dialog.
    const onClick = (event: MouseEvent) => {
      if (event.target === element) element.close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const focusable = [...element.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (candidate) => candidate.getClientRects().length > 0,
      );
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
    const onNativeClose = () => {
      const back = returnFocus.current;
      // The body had it when nothing was focused: focus "back" there would leave the keyboard at the top.
      if (back && back !== document.body && back.isConnected && !back.matches(':disabled')) back.focus();
      else fallbackRef.current?.current?.focus();
      if (closingByProp.current) closingByProp.current = false;
      else onCloseRef.current();
    };
    element.addEventListener('click', onClick);
    element.addEventListener('keydown', onKeyDown);
    element.addEventListener('close', onNativeClose);
    return () => {
      element.removeEventListener('click', onClick);
      element.removeEventListener('keydown', onKeyDown);
      element.removeEventListener('close', onNativeClose);
    };
  }, []);

  return (
    // Forced colours drop its shadow, and the dimmed page behind turns the page's colour: a border
    // keeps its edge.
    <dialog
      ref={dialog}
      aria-modal="true"
      aria-labelledby={title ? titleId : labelledBy}
      aria-describedby={describedBy}
      className={`m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg bg-paper p-0 text-charcoal shadow-2xl backdrop:bg-charcoal/70 forced-colors:border-2 ${className}`.trim()}
    >
      <div className="relative px-6 pb-6 pt-8">
        {title && (
          <h2 id={titleId} className="mb-4 pr-10 text-2xl">
            {title}
          </h2>
        )}
        {children}
        {closeButton && (
          <button
            type="button"
            onClick={() => dialog.current?.close()}
            aria-label="Close"
            className="absolute right-1 top-1 inline-flex min-h-11 min-w-11 items-center justify-center rounded text-2xl leading-none text-muted hover:text-charcoal"
          >
            <span aria-hidden="true">×</span>
          </button>
        )}
      </div>
    </dialog>
  );
}

/**
 * Asks before something that cannot be undone (SPEC.md section 5's delete confirmation). Cancel has
 * focus first, so Enter alone never confirms.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  busy = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: React.ReactNode;
  message: React.ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const messageId = useId();
  return (
    <Dialog open={open} onClose={onCancel} title={title} closeButton={false}>
      <p id={messageId}>{message}</p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        {/* First in order, so showModal gives it focus. */}
        <Button variant="secondary" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button variant="danger" busy={busy} onClick={onConfirm} aria-describedby={messageId}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
