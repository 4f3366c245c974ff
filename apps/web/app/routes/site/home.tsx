import { heroWide1200 } from '../../components/hero-picture.tsx';
import { BarberCardList } from '../../features/barbers/barber-card-list.tsx';
import { Hero } from '../../features/site/hero.tsx';
import { VisitUs } from '../../features/site/visit-us.tsx';
import { serverApi } from '../../lib/api.ts';
import { configuredShop, publicShopHours } from '../../lib/public-shop.ts';
import {
  absoluteUrl,
  canonicalUrl,
  combinedHours,
  hairSalonJsonLd,
  pageMeta,
  siteFromMatches,
} from '../../lib/seo.ts';
import { useRootData } from '../../root.tsx';
import type { Route } from './+types/home';

export async function loader({ context }: Route.LoaderArgs) {
  const barbers = await serverApi(context).get('/barbers');
  // Only what the cards and the opening hours of a shop that gives none of its own need: the page's
  // data is written into its HTML and read again by the browser, and each barber's gallery, bio and
  // schedule would triple it.
  return {
    barbers: barbers.map(({ gid, name, nickname, profilePicture }) => ({
      gid,
      name,
      nickname,
      profilePicture,
    })),
    hours: combinedHours(barbers.map((barber) => barber.hours)),
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const { shop, publicUrl } = site;
  const name = shop?.name ?? 'Barbershop';
  // Before the settings are saved the address and phone are stand-ins: no city in the title, and no
  // HairSalon for search engines to list at "City, ST 00000".
  const placed = configuredShop(shop);
  return pageMeta(site, {
    title: placed ? `${name} | Barbershop in ${placed.address.city}` : `${name} | Barbershop`,
    description: `${name}: haircuts, fades and shaves by our barbers, and shop merchandise for pickup.`,
    path: '/',
    image: heroWide1200,
    jsonLd: placed
      ? [
          hairSalonJsonLd({
            name,
            url: canonicalUrl(publicUrl, '/'),
            address: placed.address,
            telephone: placed.phone,
            email: placed.email,
            lat: placed.lat,
            lng: placed.lng,
            hours: publicShopHours(placed) ?? loaderData?.hours ?? combinedHours([]),
            socialLinks: placed.socialLinks.map((link) => link.url),
            images: [absoluteUrl(publicUrl, heroWide1200)],
          }),
        ]
      : [],
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  const shop = root?.shop;
  const placed = configuredShop(shop);
  return (
    <main id="main" tabIndex={-1} className="focus:outline-none">
      <Hero shopName={shop?.name ?? 'Barbershop'} phone={placed?.phone ?? null} />
      <section aria-labelledby="barbers-heading" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="barbers-heading" className="mb-6 text-3xl">
          Our Barbers
        </h2>
        <BarberCardList barbers={loaderData.barbers} />
      </section>
      {placed && <VisitUs address={placed.address} hours={publicShopHours(placed)} />}
    </main>
  );
}
