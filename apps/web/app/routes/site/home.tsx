import type { Barber } from '@barbershop/contract';
import { BarberCardList } from '../../features/barbers/barber-card-list.tsx';
import { Hero } from '../../features/site/hero.tsx';
import { serverApi } from '../../lib/api.ts';
import { useRootData } from '../../root.tsx';
import type { Route } from './+types/home';

export async function loader({ context }: Route.LoaderArgs) {
  const barbers = await serverApi(context).get<Barber[]>('/barbers');
  return { barbers };
}

export function meta({ matches }: Route.MetaArgs) {
  const shop = matches[0]?.loaderData?.shop;
  const name = shop?.name ?? 'Barbershop';
  return [
    { title: `${name} | Barbershop in ${shop?.address.city ?? 'town'}` },
    {
      name: 'description',
      content: `${name}: haircuts, fades and shaves by our barbers, and shop merchandise for pickup.`,
    },
  ];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  return (
    <main id="main">
      <Hero shopName={root?.shop.name ?? 'Barbershop'} phone={root?.shop.phone ?? ''} />
      <section aria-labelledby="barbers-heading" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="barbers-heading" className="mb-6 text-3xl">
          Our Barbers
        </h2>
        <BarberCardList barbers={loaderData.barbers} />
      </section>
    </main>
  );
}
