import type { Size } from '@barbershop/contract';

type Counts = Partial<Record<Size, number>>;

/**
 * The size fields once a stock edit refused because checkouts took units (409) is shown against
 * today's counts: each size the form had loaded shows today's count moved by what staff changed
 * from what they saw, the count the server's stockAfterEdit would store, so a save against today's
 * counts applies each change once. A change that no longer fits, more taken off than is left, shows
 * today's count for staff to decide again. Sizes staff ticked or unticked are theirs, left out.
 */
export function sizesOnTodaysStock(sent: Counts, seen: Counts, today: Counts): Partial<Record<Size, string>> {
  const moved: Partial<Record<Size, string>> = {};
  for (const [size, count = 0] of Object.entries(sent) as [Size, number | undefined][]) {
    const before = seen[size];
    const now = today[size];
    if (before === undefined || now === undefined) continue;
    const after = now + count - before;
    moved[size] = String(after < 0 ? now : after);
  }
  return moved;
}
