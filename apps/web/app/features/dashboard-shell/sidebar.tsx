import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useHydrated } from '../../lib/use-hydrated.ts';

export type SidebarLink = { to: string; label: string; end?: boolean };

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 items-center rounded px-3 font-display text-sm uppercase tracking-wide ${
    isActive ? 'bg-brass text-charcoal' : 'text-paper hover:bg-ink hover:text-brass'
  }`;

/** Where the sidebar is always shown (the `dash` breakpoint, 80rem). */
const ALWAYS_SHOWN = '(min-width: 80rem)';

/** The sidebar's id: until the page's script runs, Menu is a link to it, which `:target` shows. */
const SIDEBAR_ID = 'dashboard-menu';

const menuClass =
  'inline-flex min-h-11 min-w-11 items-center gap-2 rounded px-3 font-display text-sm uppercase tracking-wide hover:text-brass dash:hidden';
const closeClass =
  'inline-flex min-h-11 items-center self-end rounded px-3 font-display text-sm uppercase tracking-wide text-paper hover:text-brass dash:hidden';

/**
 * The dashboard's navigation (SPEC.md section 2): 280 px wide, always shown from 1280 px; below that
 * a button opens it over a dark overlay, and choosing a link, the overlay, its Close button or Escape
 * closes it. While it is open over the page the page is inert, so Tab stays in the sidebar rather
 * than reaching controls hidden under the overlay. Until the page's script runs (or without it) Menu
 * and Close menu are links to the sidebar and away from it, and the sidebar shows while it is the
 * address's target.
 */
export function DashboardFrame({
  shopName,
  main,
  concepts,
  account,
  children,
}: {
  shopName: string;
  main: SidebarLink[];
  concepts: SidebarLink[];
  /** The account menu, at the top bar's end. */
  account: React.ReactNode;
  children: React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const conceptsId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const sidebar = useRef<HTMLElement>(null);
  const { pathname } = useLocation();

  // Focus moves on once the header and page are no longer inert, that is after the closing render:
  // back to the Menu button, or to the page a sidebar link opened (the link itself is hidden by then).
  const refocus = useRef<'toggle' | 'main' | null>(null);
  const closeTo = useCallback((target: 'toggle' | 'main') => {
    refocus.current = target;
    setOpen(false);
  }, []);
  const closeToToggle = useCallback(() => closeTo('toggle'), [closeTo]);
  useEffect(() => {
    if (open || !refocus.current) return;
    const target = refocus.current === 'main' ? document.getElementById('main') : toggle.current;
    refocus.current = null;
    target?.focus();
  }, [open]);

  // Opened before the page's script ran, it stays open once the script takes over.
  useEffect(() => {
    if (hydrated && window.location.hash === `#${SIDEBAR_ID}`) setOpen(true);
  }, [hydrated]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: any navigation, whatever its path, closes it.
  useEffect(() => setOpen(false), [pathname]);

  // Widened to where the sidebar is always shown: it is no longer over the page.
  useEffect(() => {
    if (!open) return;
    const wide = window.matchMedia(ALWAYS_SHOWN);
    if (wide.matches) return setOpen(false);
    const onChange = () => wide.matches && setOpen(false);
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, [open]);

  useEffect(() => {
    if (!open) return;
    sidebar.current?.querySelector<HTMLElement>('a')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeToToggle();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, closeToToggle]);

  const close = () => setOpen(false);
  // From the sidebar over the page; where it is always shown, the clicked link keeps focus.
  const closeToMain = () => open && closeTo('main');
  // Everything but the open sidebar, while it covers the page.
  const behind = open || undefined;

  return (
    <div className="min-h-dvh">
      {/* Above the sidebar (z-50), which from 1280 px is always shown in the same corner. */}
      <a
        href="#main"
        inert={behind}
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-60 focus:rounded focus:bg-paper focus:px-4 focus:py-2 focus:text-charcoal"
      >
        Skip to content
      </a>
      <header
        inert={behind}
        data-sticky-top-bar
        className="sticky top-0 z-30 flex items-center gap-2 bg-charcoal px-2 py-1 text-paper dash:pl-[296px] print:hidden"
      >
        {hydrated ? (
          <button
            ref={toggle}
            type="button"
            aria-expanded={open}
            aria-controls={SIDEBAR_ID}
            onClick={() => setOpen((value) => !value)}
            className={menuClass}
          >
            <MenuIcon />
            Menu
          </button>
        ) : (
          <a href={`#${SIDEBAR_ID}`} className={menuClass}>
            <MenuIcon />
            Menu
          </a>
        )}
        <p className="font-display uppercase tracking-wide">Dashboard</p>
        <div className="ml-auto">{account}</div>
      </header>
      {open && (
        // A pointer-only convenience: the keyboard closes it with Escape or the Close menu button.
        // biome-ignore lint/a11y/noStaticElementInteractions: the overlay is decoration with a click shortcut.
        // biome-ignore lint/a11y/useKeyWithClickEvents: Escape already closes the sidebar.
        <div
          data-testid="sidebar-overlay"
          className="fixed inset-0 z-40 bg-black/60 dash:hidden"
          onClick={closeToToggle}
        />
      )}
      <nav
        ref={sidebar}
        id={SIDEBAR_ID}
        aria-label="Dashboard"
        className={`fixed inset-y-0 left-0 z-50 flex w-[280px] flex-col gap-6 overflow-y-auto bg-charcoal p-4 text-paper transition-transform dash:visible dash:translate-x-0 print:hidden ${
          open ? 'visible translate-x-0' : 'invisible -translate-x-full'
        } ${hydrated ? '' : 'target:visible target:translate-x-0'}`}
      >
        {/* The page behind is inert while the sidebar is open: its own way to close. */}
        {hydrated ? (
          <button type="button" onClick={closeToToggle} className={closeClass}>
            Close menu
          </button>
        ) : (
          <a href="#main" className={closeClass}>
            Close menu
          </a>
        )}
        <Link
          to="/"
          onClick={close}
          className="flex min-h-11 items-center gap-2 font-display uppercase tracking-wide text-paper hover:text-brass"
        >
          <span aria-hidden="true" className="text-brass">
            ←
          </span>
          {shopName}
          <span className="sr-only">, back to the site</span>
        </Link>
        <ul className="flex flex-col gap-1">
          {main.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.end} onClick={closeToMain} className={linkClass}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div>
          <h2 id={conceptsId} className="mb-2 px-3 text-xs text-paper/80">
            Concepts
          </h2>
          <ul aria-labelledby={conceptsId} className="flex flex-col gap-1">
            {concepts.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} onClick={closeToMain} className={linkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      </nav>
      <div inert={behind} className="dash:pl-[280px]">
        {children}
      </div>
    </div>
  );
}

function MenuIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="currentColor">
      <rect x="3" y="5" width="18" height="2" />
      <rect x="3" y="11" width="18" height="2" />
      <rect x="3" y="17" width="18" height="2" />
    </svg>
  );
}
