import { LegalPage } from '../../features/site/legal-page.tsx';
import { configuredShop } from '../../lib/public-shop.ts';
import { pageMeta, siteFromMatches } from '../../lib/seo.ts';
import { useRootData } from '../../root.tsx';
import type { Route } from './+types/privacy';

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  return pageMeta(site, {
    title: `Privacy Policy | ${site.shop?.name ?? 'Barbershop'}`,
    description: 'How we collect, use and protect your personal information.',
    path: '/legal/privacy',
  });
}

export default function Privacy() {
  const shop = useRootData()?.shop;
  const name = shop?.name ?? 'We';
  return (
    <LegalPage title="Privacy Policy" effective="November 29, 2026">
      <p>
        {name} respects your privacy. This policy explains what we collect when you use this website, why, and
        the choices you have. We comply with the EU General Data Protection Regulation (GDPR) and the
        California Consumer Privacy Act (CCPA).
      </p>
      <h2>What we collect</h2>
      <ul>
        <li>Your name, email address and profile picture from the sign-in provider you choose.</li>
        <li>A phone number and address, only if you give them to us.</li>
        <li>
          Your orders: what you bought, when, and how you pay (card details go to our payment provider, never
          to us), and a record of the emails we send you about them.
        </li>
        <li>
          Technical logs needed to keep the site secure (your browser's address and the pages it asked for),
          kept for 30 days.
        </li>
      </ul>
      <h2>How we use it</h2>
      <p>
        To run your account, fulfil and hand over your orders, send you messages about them, and keep the site
        safe. We do not sell or share your personal information, and we use no advertising trackers. Our
        payment provider receives your email address with your payment, to send you its receipt. The site
        loads no third-party fonts or scripts except our payment provider on the checkout page. Two kinds of
        images come from elsewhere, and their hosts see your browser's address when they load: the map on the
        barbers' page (OpenStreetMap or Mapbox) and, once you are signed in, your profile picture (from your
        sign-in provider).
      </p>
      <h2>Your rights</h2>
      <p>
        Under the GDPR and the CCPA you may ask to see, correct, export or delete your personal information,
        and you may object to its use. We answer within 30 days and never treat you differently for asking.
        Your account page shows your name, email and items, and your orders page your orders. Your name, email
        and picture come from your sign-in provider: change them there and sign in again. When we delete your
        personal information, we keep the record of your past orders without your name, as our sales records;
        our backups keep it until they are replaced, within two weeks.
      </p>
      <h2>Contact</h2>
      <p>
        Write to {configuredShop(shop)?.email ?? 'us'} or visit us at the shop. Cookies: we set one cookie to
        keep you signed in (and, while you sign in, one for ten minutes to finish it), and none for tracking.
        On the checkout page our payment provider's script sets its own cookies to prevent fraud.
      </p>
    </LegalPage>
  );
}
