import { movedStock, type Size, type SizeCounts } from '@barbershop/contract';

/**
 * The size fields once a stock edit refused because checkouts took units (409) is shown against
 * today's counts: each size moved by the server's own rule (movedStock), so a save against today's
 * counts applies each change once; a size whose change no longer fits, more taken off than is left,
 * shows today's count for staff to decide again.
 */
export function sizesOnTodaysStock(
  sent: SizeCounts,
  seen: SizeCounts,
  today: SizeCounts,
): Partial<Record<Size, string>> {
  const { counts, short } = movedStock(sent, seen, today);
  for (const { size, today: left } of short) counts[size] = left;
  return Object.fromEntries(Object.entries(counts).map(([size, count]) => [size, String(count)]));
}
