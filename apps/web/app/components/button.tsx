export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

const base =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded px-5 font-display text-sm uppercase tracking-wide transition-colors disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-progress';

// Forced colours (Windows' contrast themes) paint every background the page's own colour: a filled
// button would read as loose text, so there it gets a border in the theme's colour instead.
const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-charcoal text-paper hover:bg-ink forced-colors:border-2',
  secondary: 'border-2 border-charcoal bg-white text-charcoal hover:bg-charcoal hover:text-paper',
  danger: 'bg-red-800 text-white hover:bg-red-900 forced-colors:border-2',
  ghost: 'text-charcoal underline-offset-4 hover:underline',
};

/** The classes of a button, for a link that should look like one (e.g. an Edit link). */
export function buttonClass(variant: ButtonVariant = 'primary', className = ''): string {
  return `${base} ${VARIANTS[variant]} ${className}`.trim();
}

/** A small spinning ring; decorative, the busy state is announced through aria-busy and the label. */
export function Spinner({ className = 'h-4 w-4' }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={`animate-spin ${className}`} fill="none">
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.3" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

export type ButtonProps = React.ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  /** While true: a spinner, aria-busy, and clicks ignored. The button keeps focus (not `disabled`). */
  busy?: boolean;
  ref?: React.Ref<HTMLButtonElement>;
};

/** The site's button. `type` defaults to "button" so a button in a form never submits by accident. */
export function Button({
  variant = 'primary',
  busy = false,
  className = '',
  type = 'button',
  onClick,
  children,
  ref,
  ...rest
}: ButtonProps) {
  return (
    <button
      ref={ref}
      type={type}
      aria-busy={busy || undefined}
      aria-disabled={busy || undefined}
      onClick={(event) => {
        // A second click while the first is under way would send the request twice.
        if (busy) event.preventDefault();
        else onClick?.(event);
      }}
      className={buttonClass(variant, className)}
      {...rest}
    >
      {busy && <Spinner />}
      {children}
    </button>
  );
}
