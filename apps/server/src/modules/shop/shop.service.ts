import type { Shop } from '@barbershop/contract';
import type { Executor } from '@barbershop/db';
import type { PublicCache } from '../../plugins/public-cache.ts';
import { findShop } from './shop.repository.ts';

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
  };
}

/** The shop's settings, or the defaults before anyone has saved them (from memory until they change). */
export function getShop(db: Executor, cache: PublicCache, defaults: Shop): Promise<Shop> {
  return cache.read('shop', ['shop'], async () => (await findShop(db)) ?? defaults);
}
