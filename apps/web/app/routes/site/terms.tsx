import { LegalPage } from '../../features/site/legal-page.tsx';
import { pageMeta, siteFromMatches } from '../../lib/seo.ts';
import { useRootData } from '../../root.tsx';
import type { Route } from './+types/terms';

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  return pageMeta(site, {
    title: `Terms of Service | ${site.shop?.name ?? 'Barbershop'}`,
    description: 'The terms for using this website, buying our merchandise and booking our barbers.',
    path: '/legal/terms',
  });
}

export default function Terms() {
  const shop = useRootData()?.shop;
  const policies = shop?.policies ?? [];
  return (
    <LegalPage title="Terms of Service" effective="January 1, 2026">
      <p>
        These terms apply to this website and to purchases from {shop?.name ?? 'our shop'}. By using the site
        you agree to them.
      </p>
      <h2>Merchandise</h2>
      <p>
        Orders are paid by card online and picked up at the shop. <strong>All sales are final.</strong> Prices
        are in US dollars; any sales tax is shown before you pay.
      </p>
      <h2>Appointments</h2>
      <p>
        Appointments are booked with each barber through their booking page.
        {policies.length > 0 && " Our barbers' policies:"}
      </p>
      {policies.length > 0 && (
        <ul>
          {policies.map((policy) => (
            <li key={policy}>{policy}</li>
          ))}
        </ul>
      )}
      <h2>Privacy</h2>
      <p>
        We handle your personal information as our Privacy Policy describes, in compliance with the GDPR and
        the CCPA.
      </p>
      <h2>Changes</h2>
      <p>We may update these terms; the date above shows when they last changed.</p>
    </LegalPage>
  );
}
