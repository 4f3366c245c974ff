import { formatPhone, phoneHref } from '@barbershop/contract/format';
import { HeroPicture } from '../../components/hero-picture.tsx';

/**
 * Home hero: a narrow-screen image up to 576 px wide (SPEC.md section 9), the booking phone number
 * once the shop has given one (`null` before: a fresh install's stand-in is no number to call).
 */
export function Hero({ shopName, phone }: { shopName: string; phone: string | null }) {
  return (
    <section className="relative isolate overflow-hidden bg-charcoal text-paper">
      <HeroPicture className="absolute inset-0 -z-10 h-full w-full object-cover opacity-70" />
      {/* The photo's light parts (the chair) sit behind the text on phones: a scrim keeps it readable. */}
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-linear-to-t from-charcoal via-charcoal/80 to-charcoal/10 hero:bg-linear-to-r hero:from-charcoal/85 hero:via-charcoal/40 hero:to-transparent"
      />
      <div className="mx-auto flex min-h-[70dvh] max-w-6xl flex-col justify-end gap-4 px-4 pb-12 pt-32 hero:min-h-[60vh] hero:justify-center">
        {/* The section clips what passes its edge: a word wider than a 320 px screen breaks instead. */}
        <h1 className="max-w-xl text-5xl wrap-break-word sm:text-6xl">{shopName}</h1>
        <p className="max-w-md text-lg">Classic cuts, sharp fades and hot-towel shaves.</p>
        {phone && (
          <p className="text-lg">
            <span className="block font-display text-sm uppercase tracking-widest text-brass">
              Schedule an appointment
            </span>
            <a
              href={phoneHref(phone)}
              className="inline-flex min-h-11 items-center font-display text-3xl tracking-wide underline-offset-4 hover:underline"
            >
              {formatPhone(phone)}
            </a>
          </p>
        )}
      </div>
    </section>
  );
}
