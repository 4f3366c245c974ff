import {
  type Address,
  type AdminBarber,
  type Barber,
  type CreateBarber,
  centsToDollars,
  dollarsToCents,
  type ImageSlot,
  isUuid,
  nameTakenMessage,
  slugify,
  type UpdateBarber,
} from '@barbershop/contract';
import type { Database, Executor } from '@barbershop/db';
import { transactionOrConflict } from '../../plugins/database.ts';
import { AppError, staleEdit } from '../../plugins/errors.ts';
import type { PublicCache } from '../../plugins/public-cache.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { imageFromKey } from '../media/images.ts';
import { queueForSweep } from '../media/media.repository.ts';
import type { MediaStorage } from '../media/media.storage.ts';
import { holdImagesForSave, resolveImageSlots, storeUploads } from '../media/uploads.ts';
import {
  type BarberValues,
  type BarberWithServices,
  deleteBarberRow,
  findBarberForUpdate,
  insertBarber,
  listActiveBarbers,
  listAllBarbers,
  nextBarberPosition,
  replaceServices,
  slugTaken,
  updateBarberRow,
} from './barbers.repository.ts';
import { type Coordinates, geocodingQuery } from './geocoding.ts';

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
      price: centsToDollars(s.priceCents),
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

function toAdminBarber(row: BarberWithServices): AdminBarber {
  return {
    ...toBarber(row),
    active: row.active,
    position: row.position,
    photoKey: row.photo,
    galleryKeys: row.gallery,
    version: row.version,
  };
}

const noSuchBarber = () => new AppError('not_found', 'No such barber.');

/** Every barber, inactive ones too, for the dashboard. */
export async function listAdminBarbers(db: Executor): Promise<AdminBarber[]> {
  return (await listAllBarbers(db)).map(toAdminBarber);
}

/** One barber, active or not, for the dashboard; 404 for an unknown or malformed gid. */
export async function getAdminBarber(db: Executor, gid: string): Promise<AdminBarber> {
  const [row] = isUuid(gid) ? await listAllBarbers(db, gid) : [];
  if (!row) throw noSuchBarber();
  return toAdminBarber(row);
}

/** What saving a barber needs besides the database: media storage and the geocoder. */
export type BarberDeps = {
  db: Database;
  storage: MediaStorage;
  /** The address's coordinates, or null (no geocoder configured, no match, or no answer). */
  geocode: (address: Address) => Promise<Coordinates | null>;
};

function nameConflict(name: string) {
  return new AppError('conflict', nameTakenMessage('barber', name));
}

/** The media keys of a barber's photo and gallery. */
function mediaKeysOf(photo: string | null | undefined, gallery: string[]): string[] {
  return [...(photo ? [photo] : []), ...gallery];
}

/** Photo and gallery slots to media keys; uploads are shared by both, numbered in the request. */
async function resolveImages(
  db: Executor,
  storage: MediaStorage,
  form: { photo?: ImageSlot | null | undefined; gallery?: ImageSlot[] | undefined },
  files: string[],
  current: string[],
) {
  const uploaded = await storeUploads(db, storage, files);
  const photo =
    form.photo === undefined
      ? undefined
      : form.photo === null
        ? null
        : ((await resolveImageSlots(db, storage, [form.photo], uploaded, current, 'photo'))[0] ?? null);
  const gallery =
    form.gallery === undefined
      ? undefined
      : await resolveImageSlots(db, storage, form.gallery, uploaded, current, 'gallery');
  return { photo, gallery };
}

/**
 * Where the barber's map pin goes: the geocoded address when it is new or changed where the geocoder
 * looks (line2 is not looked at) and the geocoder finds it; otherwise the coordinates sent (the edit
 * form sends them only when typed); otherwise the ones the barber had, unless the address moved: the
 * old pin marks the old place, so a moved address the geocoder cannot place has none until staff
 * enter one.
 */
async function placeOf(
  deps: BarberDeps,
  form: { address?: Address | undefined; lat?: number | null | undefined; lng?: number | null | undefined },
  previous: { address: Address; lat: number | null; lng: number | null } | null,
): Promise<{ lat: number | null; lng: number | null }> {
  const { address } = form;
  const moved =
    address !== undefined && (!previous || geocodingQuery(address) !== geocodingQuery(previous.address));
  if (moved) {
    const found = await deps.geocode(address);
    if (found) return found;
  }
  if (form.lat !== undefined || form.lng !== undefined) {
    const lat = form.lat ?? null;
    const lng = form.lng ?? null;
    if ((lat === null) !== (lng === null))
      throw new AppError('bad_request', 'form.lng: give both lat and lng, or neither');
    return { lat, lng };
  }
  return moved ? { lat: null, lng: null } : { lat: previous?.lat ?? null, lng: previous?.lng ?? null };
}

function serviceValues(services: NonNullable<UpdateBarber['services']>) {
  return services.map((service) => ({
    name: service.name,
    description: service.description,
    priceCents: dollarsToCents(service.price),
    durationMin: service.duration,
  }));
}

/** The row columns an edit form's fields map to (SPEC.md's booksyUrl is booking_url). */
function rowValues(form: Omit<UpdateBarber, 'version'>): Partial<BarberValues> {
  const {
    lat: _lat,
    lng: _lng,
    photo: _photo,
    gallery: _gallery,
    services: _services,
    booksyUrl,
    ...fields
  } = form;
  return {
    ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
    ...(form.name === undefined ? {} : { slug: slugify(form.name) }),
    ...(booksyUrl === undefined ? {} : { bookingUrl: booksyUrl }),
  };
}

/** Adds a barber: the address is geocoded, images go through the upload pipeline. */
export async function createBarber(
  deps: BarberDeps,
  actorUserId: string,
  form: CreateBarber,
  files: string[],
): Promise<AdminBarber> {
  const slug = slugify(form.name);
  if (!slug) throw new AppError('bad_request', 'form.name: must contain a letter or a digit');
  if (await slugTaken(deps.db, slug)) throw nameConflict(form.name);
  const images = await resolveImages(deps.db, deps.storage, form, files, []);
  const place = await placeOf(deps, form, null);
  return transactionOrConflict(
    deps.db,
    () => nameConflict(form.name),
    async (tx) => {
      await holdImagesForSave(tx, deps.storage, [], mediaKeysOf(images.photo, images.gallery ?? []));
      const row = await insertBarber(tx, {
        ...(rowValues(form) as BarberValues),
        position: form.position ?? (await nextBarberPosition(tx)),
        slug,
        photo: images.photo ?? null,
        gallery: images.gallery ?? [],
        ...place,
      });
      await replaceServices(tx, row.id, serviceValues(form.services));
      const [saved] = await listAllBarbers(tx, row.id);
      const barber = toAdminBarber(saved!);
      await recordAudit(tx, {
        actorUserId,
        entity: 'barber',
        entityId: row.id,
        action: 'create',
        before: null,
        after: barber,
      });
      return barber;
    },
  );
}

/** Changes the fields sent; a new address is geocoded again. */
export async function updateBarber(
  deps: BarberDeps,
  actorUserId: string,
  gid: string,
  form: UpdateBarber,
  files: string[],
): Promise<AdminBarber> {
  const existing = await getAdminBarber(deps.db, gid);
  const slug = form.name === undefined ? undefined : slugify(form.name);
  if (slug === '') throw new AppError('bad_request', 'form.name: must contain a letter or a digit');
  if (slug && (await slugTaken(deps.db, slug, gid))) throw nameConflict(form.name!);
  // Before the images, as for products (products.service.ts, updateProduct); checked again below.
  if (existing.version !== form.version) throw staleEdit('this barber', existing.version, form.version);
  const current = mediaKeysOf(existing.photoKey, existing.galleryKeys);
  const images = await resolveImages(deps.db, deps.storage, form, files, current);
  const place = await placeOf(deps, form, existing);
  return transactionOrConflict(
    deps.db,
    () => nameConflict(form.name ?? existing.name),
    async (tx) => {
      const row = await findBarberForUpdate(tx, gid);
      if (!row) throw noSuchBarber();
      // Versions only rise, so a match also means `existing` (read before the lock) is current.
      if (row.version !== form.version) throw staleEdit('this barber', row.version, form.version);
      const { version: _, ...changes } = form;
      await updateBarberRow(tx, gid, {
        ...rowValues(changes),
        ...(images.photo === undefined ? {} : { photo: images.photo }),
        ...(images.gallery === undefined ? {} : { gallery: images.gallery }),
        ...place,
      });
      if (form.services) await replaceServices(tx, gid, serviceValues(form.services));
      if (images.photo !== undefined || images.gallery !== undefined) {
        const photo = images.photo === undefined ? existing.photoKey : images.photo;
        const next = mediaKeysOf(photo, images.gallery ?? existing.galleryKeys);
        await holdImagesForSave(tx, deps.storage, current, next);
      }
      const [saved] = await listAllBarbers(tx, gid);
      const barber = toAdminBarber(saved!);
      await recordAudit(tx, {
        actorUserId,
        entity: 'barber',
        entityId: gid,
        action: 'update',
        before: existing,
        after: barber,
      });
      return barber;
    },
  );
}

/** Removes a barber and their services; the public pages stop showing them at once. */
export async function deleteBarber(db: Database, actorUserId: string, gid: string): Promise<AdminBarber> {
  if (!isUuid(gid)) throw noSuchBarber();
  return db.transaction(async (tx) => {
    if (!(await findBarberForUpdate(tx, gid))) throw noSuchBarber();
    const [row] = await listAllBarbers(tx, gid);
    const barber = toAdminBarber(row!);
    await deleteBarberRow(tx, gid);
    await queueForSweep(tx, mediaKeysOf(barber.photoKey, barber.galleryKeys));
    await recordAudit(tx, {
      actorUserId,
      entity: 'barber',
      entityId: gid,
      action: 'delete',
      before: barber,
      after: null,
    });
    return barber;
  });
}
