import type { Address, Shop, UpdateShop } from '@barbershop/contract';
import type { Database, Executor } from '@barbershop/db';
import { staleEdit } from '../../plugins/errors.ts';
import type { PublicCache } from '../../plugins/public-cache.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { type Coordinates, geocodingQuery } from '../barbers/geocoding.ts';
import { findShop, insertShopRow, lockShop, updateShopRow } from './shop.repository.ts';

/**
 * What a fresh install shows until an administrator fills in the shop's settings in the dashboard:
 * plain placeholders, so the public pages work on an empty database (docs/operations.md).
 */
export function defaultShop(salesTaxRate: number): Shop {
  return {
    name: 'Barbershop',
    phone: '000-000-0000',
    email: 'hello@example.com',
    address: {
      line1: 'Address to be announced',
      line2: '',
      city: 'City',
      state: 'ST',
      postal_code: '00000',
      country: 'US',
    },
    lat: null,
    lng: null,
    socialLinks: [],
    policies: [],
    hours: { monday: [], tuesday: [], wednesday: [], thursday: [], friday: [], saturday: [], sunday: [] },
    salesTaxRate,
    // What the row made from these defaults starts at (the column's default).
    version: 1,
    configured: false,
  };
}

/** The shop's settings, or the defaults before anyone has saved them (from memory until they change). */
export function getShop(db: Executor, cache: PublicCache, defaults: Shop): Promise<Shop> {
  return cache.read('shop', ['shop'], async () => {
    const row = await findShop(db);
    return row ? toShop(row) : defaults;
  });
}

/** The coordinates of `address` when it moves the shop (none when it is where the shop is). */
async function placeOfNewAddress(
  db: Executor,
  address: Address,
  defaults: Shop,
  geocode: (address: Address) => Promise<Coordinates | null>,
): Promise<{ lat?: number | null; lng?: number | null }> {
  const current = (await findShop(db)) ?? defaults;
  if (geocodingQuery(address) === geocodingQuery(current.address)) return {};
  return (await geocode(address)) ?? { lat: null, lng: null };
}

type ShopRow = NonNullable<Awaited<ReturnType<typeof lockShop>>>;

/** The settings a row holds, as the audit trail records them. */
function settingsOf(row: ShopRow): Omit<Shop, 'configured'> {
  const { id: _id, ...settings } = row;
  return settings;
}

/** A saved row is the shop's own settings, however few of them were changed. */
function toShop(row: ShopRow): Shop {
  return { ...settingsOf(row), configured: true };
}

/**
 * An admin changes the shop's settings; the public pages and checkout use them at once. On a fresh
 * install the first save starts from the defaults the public pages were showing. A new address
 * moves the shop's coordinates with it (search engines read them): geocoded when a maps token is
 * set, else cleared rather than left pointing at the old place, unless the save sends its own.
 */
export async function updateShop(
  db: Database,
  actorUserId: string,
  changes: UpdateShop,
  defaults: Shop,
  geocode: (address: Address) => Promise<Coordinates | null>,
): Promise<Shop> {
  // Asked before the transaction: the row stays locked for the save alone, not for a network call.
  const place =
    changes.address !== undefined && changes.lat === undefined && changes.lng === undefined
      ? await placeOfNewAddress(db, changes.address, defaults, geocode)
      : {};
  const { version, ...settings } = changes;
  const { configured: _, ...defaultSettings } = defaults;
  return db.transaction(async (tx) => {
    const before = (await lockShop(tx)) ?? (await insertShopRow(tx, defaultSettings));
    if (before.version !== version) throw staleEdit('the shop settings', before.version, version);
    const after = await updateShopRow(tx, { ...settings, ...place });
    await recordAudit(tx, {
      actorUserId,
      entity: 'shop',
      entityId: '1',
      action: 'update',
      before: settingsOf(before),
      after: settingsOf(after),
    });
    return toShop(after);
  });
}
