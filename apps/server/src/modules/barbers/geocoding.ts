import type { Address } from '@barbershop/contract';
import { formatAddress } from '@barbershop/contract/format';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';

export type Coordinates = { lat: number; lng: number };

/** A slow geocoder must not hold up saving a barber for long. */
export const GEOCODING_TIMEOUT_MS = 3000;

type MapboxResponse = { features?: { center?: unknown }[] };

function toCoordinates(center: unknown): Coordinates | null {
  if (!Array.isArray(center) || center.length < 2) return null;
  const [lng, lat] = center;
  if (typeof lng !== 'number' || typeof lat !== 'number') return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

/**
 * What the geocoder is asked: the address as printed, without line2 (a suite or floor moves no map
 * pin and can only confuse the match), followed by the country.
 */
export function geocodingQuery(address: Address): string {
  return [formatAddress({ ...address, line2: '' }), address.country].filter(Boolean).join(', ');
}

/**
 * Turns an address into coordinates with Mapbox's geocoding API, so the barber pages can show a map
 * without the browser ever geocoding (DESIGN.md section 2). Returns null, after logging why, when no
 * maps token is set or the lookup fails: the caller then keeps the coordinates it had. The token is
 * sent to Mapbox and never logged.
 */
export async function geocodeAddress(
  config: Pick<Config, 'maps'>,
  address: Address,
  log: FastifyBaseLogger,
  { timeoutMs = GEOCODING_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<Coordinates | null> {
  const { token, apiBase } = config.maps;
  const query = geocodingQuery(address);
  if (!token || !query) return null;
  const url = new URL(`/geocoding/v5/mapbox.places/${encodeURIComponent(query)}.json`, apiBase);
  url.searchParams.set('limit', '1');
  url.searchParams.set('access_token', token);
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) {
      log.warn(
        { status: response.status, address: query },
        'Geocoding failed: the maps service refused the request',
      );
      return null;
    }
    const body = (await response.json()) as MapboxResponse;
    const coordinates = toCoordinates(body.features?.[0]?.center);
    if (!coordinates) log.warn({ address: query }, 'Geocoding found no place for the address');
    return coordinates;
  } catch (error) {
    const reason =
      error instanceof Error && error.name === 'TimeoutError'
        ? `no answer within ${timeoutMs} ms`
        : error instanceof Error
          ? error.name
          : 'unknown error';
    // The error's message could quote the URL, and with it the token: log only its kind.
    log.warn({ address: query, reason }, 'Geocoding failed');
    return null;
  }
}
