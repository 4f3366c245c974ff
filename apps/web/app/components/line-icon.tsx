/**
 * A decorative outline icon drawn in the text's colour: the header's cart, a barber's share and
 * Instagram links. Its name is said by the control around it, so it is hidden from assistive technology.
 */
export function LineIcon({
  className = 'h-6 w-6',
  children,
}: {
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}
