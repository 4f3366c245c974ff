import type { OpeningHours, Shop } from '@barbershop/contract';
import { hasOpeningHours } from '@barbershop/contract/domain';

/**
 * The shop's weekly hours as the public pages give them: none before the owner has set the shop up,
 * nor while its settings name no hours at all (an empty week is not a shop closed every day).
 */
export function publicShopHours(shop: Pick<Shop, 'configured' | 'hours'> | undefined): OpeningHours | null {
  return shop?.configured && hasOpeningHours(shop.hours) ? shop.hours : null;
}
