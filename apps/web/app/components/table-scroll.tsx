import { useEffect, useRef, useState } from 'react';

/**
 * A table that scrolls sideways when it is wider than its box. While it does, the region can take
 * focus so a keyboard can scroll it too (WCAG 2.1.1); while everything shows (a phone's cards, a wide
 * screen) it is no tab stop, which would only be one more press before the rows. Until the page has
 * measured it, it is one. Its label names the table for screen readers. `relative` keeps visually
 * hidden text (absolutely positioned) inside the scroll box instead of widening the page. On paper
 * nothing scrolls: a box that clipped would cut the table's last columns off at the page's edge.
 */
export function TableScroll({ label, children }: { label: string; children: React.ReactNode }) {
  const box = useRef<HTMLElement>(null);
  const [scrolls, setScrolls] = useState(true);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    // The table inside grows with its rows (a filter, another page) while the box keeps its width.
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <section
      ref={box}
      aria-label={label}
      tabIndex={scrolls ? 0 : undefined}
      className="relative overflow-x-auto rounded-lg print:overflow-visible bg-white ring-1 ring-charcoal/10"
    >
      {children}
    </section>
  );
}
