import type { Barber } from '@barbershop/contract';
import type { Executor } from '@barbershop/db';
import { AppError } from '../../plugins/errors.ts';
import type { PublicCache } from '../../plugins/public-cache.ts';
import { imageFromKey } from '../media/images.ts';
import { type BarberWithServices, listActiveBarbers } from './barbers.repository.ts';

function toBarber(row: BarberWithServices): Barber {
  return {
    gid: row.id,
    slug: row.slug,
    name: row.name,
    nickname: row.nickname,
    profilePicture: imageFromKey(row.photo, `Portrait of ${row.name}`),
    gallery: row.gallery.map((key, i) => imageFromKey(key, `Haircut by ${row.name}, photo ${i + 1}`)),
    address: row.address,
    lat: row.lat,
    lng: row.lng,
    phone: row.phone,
    email: row.email,
    about: row.about,
    instagramUrl: row.instagramUrl,
    booksyUrl: row.bookingUrl,
    hours: row.hours,
    services: row.services.map((s) => ({
      name: s.name,
      description: s.description,
      price: s.priceCents / 100,
      duration: s.durationMin,
    })),
    rating: row.rating,
    reviewCount: row.reviewCount,
    reviews: [],
  };
}

const TABLES = ['barbers', 'barber_services'] as const;

/** The barbers shown on the public site, in the shop's order (from memory until one changes). */
export function listBarbers(db: Executor, cache: PublicCache): Promise<Barber[]> {
  return cache.read('barbers', TABLES, async () => (await listActiveBarbers(db)).map(toBarber));
}

/** One active barber; 404 for an unknown or inactive one. */
export async function getBarber(db: Executor, cache: PublicCache, gid: string): Promise<Barber> {
  const barber = (await listBarbers(db, cache)).find((b) => b.gid === gid);
  if (!barber) throw new AppError('not_found', 'No such barber.');
  return barber;
}
