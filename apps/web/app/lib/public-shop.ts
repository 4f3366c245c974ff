import type { OpeningHours, Shop } from '@barbershop/contract';
import { hasOpeningHours } from '@barbershop/contract/domain';

/**
 * The shop, when its contact details may be shown: not before an admin first saves the settings,
 * while its phone, email and address are a fresh install's stand-ins (`configured: false`).
 */
export function configuredShop<T extends Pick<Shop, 'configured'>>(shop: T | undefined): T | null {
  return shop?.configured ? shop : null;
}

/**
 * The shop's weekly hours as the public pages give them: none before the owner has set the shop up,
 * nor while its settings name no hours at all (an empty week is not a shop closed every day).
 */
export function publicShopHours(shop: Pick<Shop, 'configured' | 'hours'> | undefined): OpeningHours | null {
  const hours = configuredShop(shop)?.hours;
  return hours && hasOpeningHours(hours) ? hours : null;
}
