import { formatAddress } from '@barbershop/contract/format';
import { useDeferredValue, useEffect, useState } from 'react';
import { type ShouldRevalidateFunctionArgs, useSearchParams } from 'react-router';
import { BarberProfile } from '../../features/barbers/barber-profile.tsx';
import { BarberTabs, panelId, tabId } from '../../features/barbers/barber-tabs.tsx';
import { parseTabIndex } from '../../features/barbers/tab-index.ts';
import { serverApi } from '../../lib/api.ts';
import { ownPhotos } from '../../lib/own-photos.ts';
import {
  absoluteUrl,
  breadcrumbJsonLd,
  canonicalUrl,
  hairSalonJsonLd,
  pageMeta,
  siteFromMatches,
} from '../../lib/seo.ts';
import { useRootData } from '../../root.tsx';
import type { Route } from './+types/barbers';

/** Every /barbershops/{anything} shows the same tabs; search engines get one URL per barber. */
const CANONICAL_PATH = '/barbershops/barbers';

export async function loader({ context }: Route.LoaderArgs) {
  const barbers = await serverApi(context).get('/barbers');
  return { barbers };
}

/** Switching tabs changes only `index`: the barbers are already on the page. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const shopName = site.shop?.name ?? 'Barbershop';
  const barbers = loaderData?.barbers ?? [];
  const index = parseTabIndex(new URLSearchParams(location.search).get('index'), barbers.length);
  const barber = barbers[index];
  const query: Record<string, string> = index > 0 ? { index: String(index) } : {};
  const breadcrumb = breadcrumbJsonLd([
    { name: 'Home', url: canonicalUrl(site.publicUrl, '/') },
    { name: 'Barbers', url: canonicalUrl(site.publicUrl, CANONICAL_PATH) },
  ]);
  if (!barber) {
    return pageMeta(site, {
      title: `Barbers | ${shopName}`,
      description: `Meet the barbers of ${shopName}.`,
      path: CANONICAL_PATH,
      jsonLd: [breadcrumb],
    });
  }
  const services = barber.services.map((service) => service.name).join(', ');
  // A barber without a portrait yet gets no preview picture, not the stand-in.
  const photos = ownPhotos([barber.profilePicture, ...barber.gallery]);
  return pageMeta(site, {
    title: `${barber.name} | Barbers at ${shopName}`,
    description: `Book ${barber.name} at ${shopName}, ${formatAddress(barber.address)}.${services ? ` Services: ${services}.` : ''}`,
    path: CANONICAL_PATH,
    query,
    image: photos[0]?.src,
    jsonLd: [
      hairSalonJsonLd({
        name: `${barber.name} at ${shopName}`,
        url: canonicalUrl(site.publicUrl, CANONICAL_PATH, query),
        address: barber.address,
        telephone: barber.phone,
        email: barber.email,
        lat: barber.lat,
        lng: barber.lng,
        hours: barber.hours,
        socialLinks: barber.instagramUrl ? [barber.instagramUrl] : [],
        images: photos.map((image) => absoluteUrl(site.publicUrl, image.src)),
      }),
      breadcrumb,
    ],
  });
}

export default function Barbers({ loaderData }: Route.ComponentProps) {
  const { barbers } = loaderData;
  const root = useRootData();
  const [searchParams, setSearchParams] = useSearchParams();
  const urlIndex = parseTabIndex(searchParams.get('index'), barbers.length);
  // The tab switches at once; the URL follows (and arrives here again) when the navigation settles.
  const [selected, setSelected] = useState(urlIndex);
  useEffect(() => setSelected(urlIndex), [urlIndex]);
  // The chosen tab is marked in the tap's own frame; its panel (a profile, a gallery and a map to lay
  // out) follows in a render of its own. Drawn in the same render, a tap took 220 ms to over a second
  // to show anything on a phone with a 4x slower CPU (docs/performance.md, inp pass).
  const shown = useDeferredValue(selected);

  function select(index: number) {
    setSelected(index);
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('index', String(index));
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-8 focus:outline-none">
      <h1 className="mb-4 text-4xl">Our Barbers</h1>
      {barbers.length === 0 ? (
        <p className="text-muted">Our barbers will be introduced here soon.</p>
      ) : (
        <>
          <BarberTabs barbers={barbers} selected={selected} onSelect={select} />
          {barbers.map((barber, index) => (
            <section
              key={barber.gid}
              role="tabpanel"
              id={panelId(barber)}
              aria-labelledby={tabId(barber)}
              hidden={index !== shown}
              className="pt-6"
            >
              {/* Only the panel in view is drawn: the others, hidden, would add their galleries,
                  services and maps to the first page's HTML. Their data is here for an instant switch. */}
              {index === shown && (
                <BarberProfile
                  barber={barber}
                  index={index}
                  policies={root?.shop.policies ?? []}
                  mapsToken={root?.config.mapsToken ?? ''}
                />
              )}
            </section>
          ))}
        </>
      )}
    </main>
  );
}
