/**
 * A table that scrolls sideways when it is wider than a phone. The region can take focus so a
 * keyboard can scroll it too; its label names the table for screen readers. `relative` keeps
 * visually hidden text (absolutely positioned) inside the scroll box instead of widening the page.
 */
export function TableScroll({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1).
      tabIndex={0}
      className="relative overflow-x-auto rounded-lg bg-white ring-1 ring-charcoal/10"
    >
      {children}
    </section>
  );
}
