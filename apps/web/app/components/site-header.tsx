import type { Shop } from '@barbershop/contract';
import { formatAddress, formatPhone } from '@barbershop/contract/format';
import { NavLink } from 'react-router';

const NAV = [
  { to: '/', label: 'HOME', end: true },
  { to: '/barbershops/barbers', label: 'BARBERS', end: false },
  { to: '/store', label: 'STORE', end: false },
];

/**
 * Global navigation (SPEC.md section 2). The account and cart controls plug into `actions`. On a phone
 * the shop's name shortens rather than wraps: the display font arrives after the first paint, and a
 * wider fallback must not push the controls onto a line of their own (a layout shift of the page).
 *
 * Printed (an order kept as a receipt, a page saved as PDF) it is a letterhead: the shop's name and,
 * once the owner has set them (`contact`, see configuredShop), its address, phone and email, dark on
 * the paper; the links, cart and account controls, which do nothing there, are left off.
 */
export function SiteHeader({
  shopName,
  contact,
  actions,
}: {
  shopName: string;
  contact?: Pick<Shop, 'address' | 'phone' | 'email'> | null;
  actions?: React.ReactNode;
}) {
  return (
    <header className="bg-charcoal text-paper print:bg-transparent print:text-charcoal">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-paper focus:px-4 focus:py-2 focus:text-charcoal"
      >
        Skip to content
      </a>
      {/* Relative: below 352 px the cart's dropdown hangs from the header's right edge (CartMenu). */}
      <div className="relative mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 sm:gap-x-6 sm:py-3">
        <NavLink
          to="/"
          className="min-w-0 grow basis-0 line-clamp-2 font-display text-base leading-tight uppercase tracking-wide text-paper sm:grow-0 sm:basis-auto sm:text-lg sm:leading-normal sm:tracking-wider print:text-charcoal"
          aria-label={`${shopName}, home`}
        >
          <span aria-hidden="true" className="mr-2 text-brass">
            ✂
          </span>
          {shopName}
        </NavLink>
        {/* In reading order (name, links, account) for the keyboard; on a phone the links move to a
            row of their own, below. */}
        <nav aria-label="Main" className="order-last w-full sm:order-none sm:w-auto print:hidden">
          <ul className="-mx-3 flex">
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.end}
                  className={({ isActive }) =>
                    `inline-flex min-h-11 items-center px-3 font-display text-sm tracking-widest hover:text-brass ${
                      isActive ? 'text-brass underline decoration-2 underline-offset-8' : 'text-paper'
                    }`
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex shrink-0 items-center gap-1 print:hidden">{actions}</div>
        {contact && (
          <p className="hidden w-full text-sm print:block">
            {formatAddress(contact.address)} · {formatPhone(contact.phone)} · {contact.email}
          </p>
        )}
      </div>
    </header>
  );
}
