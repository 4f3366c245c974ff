import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DELIVERY_METHODS, type ORDER_STATUSES } from './domain.ts';
import { dollarsToCents } from './format.ts';
import { canTransition, nextStatuses, STAFF_STATUSES, salesTaxCents } from './order-rules.ts';

const method = fc.constantFrom(...DELIVERY_METHODS);

describe('order rules, property-based', () => {
  it('any walk of allowed changes from processing stays on the path, and a step short of delivered can be undone', () => {
    fc.assert(
      fc.property(method, fc.array(fc.nat(), { maxLength: 20 }), (m, picks) => {
        let at: (typeof ORDER_STATUSES)[number] = 'processing';
        for (const pick of picks) {
          const options = nextStatuses(m, at);
          if (options.length === 0) {
            expect(at).toBe('delivered');
            break;
          }
          const to = options[pick % options.length]!;
          if (to !== 'delivered') expect(canTransition(m, to, at)).toBe(true);
          at = to;
          expect(STAFF_STATUSES[m]).toContain(at);
        }
      }),
    );
  });

  it('sales tax is a whole, non-negative number of cents that grows with the subtotal', () => {
    const cents = fc.integer({ min: 0, max: 10_000_000 });
    const rate = fc.double({ min: 0, max: 0.25, noNaN: true });
    fc.assert(
      fc.property(cents, cents, rate, (a, b, r) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(Number.isInteger(salesTaxCents(low, r))).toBe(true);
        expect(salesTaxCents(low, r)).toBeGreaterThanOrEqual(0);
        expect(salesTaxCents(low, r)).toBeLessThanOrEqual(salesTaxCents(high, r));
      }),
    );
  });

  it('sales tax is the exact product rounded half a cent up, for any rate in millionths', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 500_000 }),
        (cents, millionths) => {
          // The exact answer in integers: (cents x millionths + half a million) div a million.
          const exact = (BigInt(cents) * BigInt(millionths) + 500_000n) / 1_000_000n;
          expect(salesTaxCents(cents, millionths / 1_000_000)).toBe(Number(exact));
        },
      ),
    );
  });

  it('a price in dollars and cents converts to exactly its cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (cents) => {
        expect(dollarsToCents(cents / 100)).toBe(cents);
      }),
    );
  });
});
