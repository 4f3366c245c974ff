import { useRouteLoaderData } from 'react-router';
import type { RootData } from '../root.tsx';

/** The shop's time zone (SHOP_TIME_ZONE), in which every date on a page is given. */
export function useTimeZone(): string {
  return useRouteLoaderData<RootData>('root')?.config.timeZone ?? 'UTC';
}
