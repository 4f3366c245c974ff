import type { OpeningHours } from '@barbershop/contract';
import { WEEKDAYS } from '@barbershop/contract/domain';
import { describe, expect, it } from 'vitest';
import { configuredShop, publicShopHours } from './public-shop.ts';

const NO_HOURS = Object.fromEntries(WEEKDAYS.map((day) => [day, []])) as unknown as OpeningHours;
const HOURS: OpeningHours = { ...NO_HOURS, tuesday: [['09:00', '17:00']] };

describe('what the public pages may show of the shop', () => {
  it('shows nothing of a shop not yet set up: its details are stand-ins', () => {
    expect(configuredShop({ configured: false, phone: '0000000000' })).toBeNull();
    expect(configuredShop(undefined)).toBeNull();
    expect(publicShopHours({ configured: false, hours: HOURS })).toBeNull();
  });

  it('shows a set-up shop, and its hours once it names some', () => {
    const shop = { configured: true, phone: '7195550142' };
    expect(configuredShop(shop)).toBe(shop);
    expect(publicShopHours({ configured: true, hours: HOURS })).toBe(HOURS);
    expect(publicShopHours({ configured: true, hours: NO_HOURS })).toBeNull();
  });
});
