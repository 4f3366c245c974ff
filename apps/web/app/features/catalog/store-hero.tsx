import { HeroPicture } from '../../components/hero-picture.tsx';

/** The store's banner: the shop's hero photo under the store's name. */
export function StoreHero({ shopName }: { shopName: string }) {
  return (
    <section className="relative isolate overflow-hidden bg-charcoal text-paper">
      <HeroPicture className="absolute inset-0 -z-10 h-full w-full object-cover opacity-40" />
      <div className="mx-auto flex min-h-[36dvh] max-w-6xl flex-col justify-end gap-3 px-4 pb-10 pt-20 hero:min-h-[40vh] hero:justify-center">
        <h1 className="text-5xl sm:text-6xl">Store</h1>
        <p className="max-w-md text-lg">
          Hats, tees and hoodies from {shopName}. Order online, pick up at the shop.
        </p>
      </div>
    </section>
  );
}
