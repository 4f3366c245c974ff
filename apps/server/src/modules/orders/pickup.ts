import { createHmac, timingSafeEqual } from 'node:crypto';
import { PICKUP_CODE_LENGTH } from '@barbershop/contract';

/**
 * Pickup codes are keyed to the server's secret. The database keeps a random id per issue and a
 * keyed hash of the code, never the code: a copy of the database alone reveals no code, yet the
 * server can show the customer theirs again (from the id) and check what staff type (against the
 * hash). docs/decisions.md, 2026-11-23.
 */
export type PickupKey = { readonly key: Buffer };

export function pickupKey(secret: string): PickupKey {
  return { key: createHmac('sha256', secret).update('pickup-code').digest() };
}

/** The code of one issue: PICKUP_CODE_LENGTH digits drawn from the keyed hash of its random id. */
export function pickupCodeOf({ key }: PickupKey, issueId: string): string {
  const digest = createHmac('sha256', key).update(`code:${issueId}`).digest();
  return String(digest.readUInt32BE(0) % 10 ** PICKUP_CODE_LENGTH).padStart(PICKUP_CODE_LENGTH, '0');
}

/** What the database keeps of a code: its keyed hash, bound to the order. */
export function pickupCodeHash({ key }: PickupKey, orderId: string, code: string): string {
  return createHmac('sha256', key).update(`hash:${orderId}:${code}`).digest('hex');
}

/** True when `code` is the one whose hash was kept (compared in constant time). */
export function pickupCodeMatches(pickup: PickupKey, orderId: string, code: string, hash: string): boolean {
  const given = Buffer.from(pickupCodeHash(pickup, orderId, code), 'hex');
  const kept = Buffer.from(hash, 'hex');
  return given.length === kept.length && timingSafeEqual(given, kept);
}

/** The dashboard page that staff's camera opens from the customer's QR code, with the code filled in. */
export function handoverUrl(publicUrl: string, orderId: string, code: string): string {
  return `${publicUrl}/dashboard/orders/${orderId}?code=${code}`;
}
