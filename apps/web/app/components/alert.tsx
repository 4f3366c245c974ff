export type AlertTone = 'error' | 'success' | 'info';

const TONES: Record<AlertTone, string> = {
  error: 'border-red-700 bg-red-50 text-red-900',
  success: 'border-green-700 bg-green-50 text-green-900',
  info: 'border-brass bg-white text-charcoal',
};

/** The look of a message of this tone, for a live region that is not an Alert (ActionResult's). */
export function alertClass(tone: AlertTone): string {
  return `rounded border-l-4 px-4 py-3 break-words ${TONES[tone]}`;
}

/**
 * A message in an accessible live region: errors are role="alert" (read at once, SPEC.md section 8's
 * alert texts), successes and notes role="status" (read when the reader is idle).
 */
export function Alert({
  tone = 'error',
  children,
  className = '',
}: {
  tone?: AlertTone;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`${alertClass(tone)} ${className}`.trim()}>
      {children}
    </div>
  );
}
