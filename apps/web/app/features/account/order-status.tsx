/** An order's status exactly as the server sends it (SPEC.md section 4), set off as a badge. */
export function OrderStatus({ status }: { status: string }) {
  return (
    <span className="inline-block rounded-full bg-charcoal/10 px-3 py-1 text-sm font-semibold text-charcoal">
      {status}
    </span>
  );
}
