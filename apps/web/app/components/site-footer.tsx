import type { Shop } from '@barbershop/contract';

const linkClass = 'inline-flex min-h-11 items-center hover:text-brass underline-offset-4 hover:underline';

/**
 * Footer of SPEC.md section 1: two social links, legal links (full page loads), copyright, builder
 * credit. The year is the shop's (the root loader's `today`): server and browser clocks in other
 * zones would disagree on it. Not printed: its links lead nowhere on paper, and the printed header
 * carries the shop's name and contact details (site-header.tsx).
 */
export function SiteFooter({ shop, year }: { shop: Pick<Shop, 'name' | 'socialLinks'>; year: string }) {
  const socialLinks = shop.socialLinks.slice(0, 2);
  return (
    <footer className="mt-16 bg-charcoal text-paper/90 print:hidden">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 sm:grid-cols-3">
        {/* A shop that has given no links has no "Follow us" over nothing; its column stays. */}
        {socialLinks.length > 0 ? (
          <nav aria-label="Social">
            <h2 className="mb-2 text-sm text-brass">Follow us</h2>
            <ul>
              {socialLinks.map((link) => (
                <li key={link.url}>
                  <a className={linkClass} href={link.url} target="_blank" rel="noopener noreferrer">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : (
          <div className="max-sm:hidden" />
        )}
        <nav aria-label="Legal">
          <h2 className="mb-2 text-sm text-brass">Legal</h2>
          <ul>
            <li>
              <a className={linkClass} href="/legal/privacy">
                Privacy Policy
              </a>
            </li>
            <li>
              <a className={linkClass} href="/legal/terms">
                Terms of Service
              </a>
            </li>
          </ul>
        </nav>
        <div className="text-sm sm:text-right">
          <p>
            © {year} {shop.name}. All rights reserved.
          </p>
          <p className="mt-2 text-paper/75">Website built by the {shop.name} web team.</p>
        </div>
      </div>
    </footer>
  );
}
