import { useId } from 'react';

/** The look of every text input, select and textarea, so forms read alike. */
export const inputClass =
  'block min-h-11 w-full rounded border border-charcoal/55 bg-white px-3 py-2 text-charcoal aria-invalid:border-red-700 aria-invalid:ring-1 aria-invalid:ring-red-700';

/**
 * What a control needs to be tied to its label, hint and error, and `dir="auto"`: a name typed in
 * Arabic or Hebrew then reads right to left as it is typed (its brackets and full stop where the
 * writer put them), one in English left to right, whatever the page's own direction.
 * `autoComplete="off"`: every form field here is about someone or something other than the person
 * typing (a barber, a customer, the shop, a product, a customer's pickup code), so what the browser
 * or password manager knows of them is wrong there. Unmarked, a phone offered the staff member's own
 * name for a product's Name and filled their home address into a barber's at one tap, and iOS
 * offered the codes of their own text messages for the pickup code.
 */
export type ControlProps = {
  id: string;
  dir: 'auto';
  autoComplete: 'off';
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  required?: boolean;
};

/**
 * A labelled control with an optional hint and error. The control is rendered by `children` with the
 * props it must spread, so any input, select or textarea works: the hint and the error are its
 * description, and the error marks it invalid.
 */
export function FormField({
  label,
  hint,
  error,
  required = false,
  className = '',
  children,
}: {
  label: React.ReactNode;
  hint?: React.ReactNode;
  error?: string | null;
  required?: boolean;
  className?: string;
  children: (control: ControlProps) => React.ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={`flex flex-col gap-1 ${className}`.trim()}>
      <label htmlFor={id} className="font-semibold">
        {label}
        {/* In words: a bare '*' meant nothing the page said. Hidden from screen readers, which say
            "required" from the control itself. */}
        {required && (
          <span aria-hidden="true" className="ml-1 text-sm font-normal text-red-800">
            (required)
          </span>
        )}
      </label>
      {children({
        id,
        dir: 'auto',
        autoComplete: 'off',
        'aria-describedby': describedBy || undefined,
        'aria-invalid': error ? true : undefined,
        required: required || undefined,
      })}
      {hint && (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-semibold text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
