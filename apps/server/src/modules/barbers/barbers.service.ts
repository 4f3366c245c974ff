import type { Barber } from '@barbershop/contract';
import type { Executor } from '@barbershop/db';
import { AppError } from '../../plugins/errors.ts';
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

/** The barbers shown on the public site, in the shop's order. */
export async function listBarbers(db: Executor): Promise<Barber[]> {
  return (await listActiveBarbers(db)).map(toBarber);
}

/** One active barber; 404 for an unknown or inactive one. */
export async function getBarber(db: Executor, gid: string): Promise<Barber> {
  const [row] = await listActiveBarbers(db, gid);
  if (!row) throw new AppError('not_found', 'No such barber.');
  return toBarber(row);
}
