import { SIZES, type Size } from '@barbershop/contract/domain';
import { MAX_LINE_QUANTITY } from '@barbershop/contract/order-rules';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addToCart,
  type CartProduct,
  type CartState,
  cartCount,
  cartTotalCents,
  clearLine,
  EMPTY_CART,
  increment,
  parseStoredCart,
  removeOne,
} from './cart-rules.ts';

// Random sequences of what a shopper does to the cart, checked against a plain model of SPEC.md
// section 4: quantities per product and size, each within the stock the store showed and 10.

const IDS = ['6f1c1f0e-8a0e-4d61-9a51-6a3f0c1b2d01', '6f1c1f0e-8a0e-4d61-9a51-6a3f0c1b2d02'] as const;
const PRICES: Record<(typeof IDS)[number], number> = { [IDS[0]]: 58, [IDS[1]]: 19.99 };
const image = { src: '/placeholder.svg', srcSet: '', alt: '' };

type Step = {
  kind: 'add' | 'increment' | 'remove' | 'clear';
  id: (typeof IDS)[number];
  size: Size;
  stock: number;
};

const step = fc.record({
  kind: fc.constantFrom('add', 'increment', 'remove', 'clear'),
  id: fc.constantFrom(...IDS),
  size: fc.constantFrom(...SIZES),
  stock: fc.integer({ min: 0, max: 14 }),
}) as fc.Arbitrary<Step>;

function product(s: Step): CartProduct {
  return { _id: s.id, name: s.id, slug: s.id, image, size: s.size, pricing: PRICES[s.id], stock: s.stock };
}

function apply(state: CartState, s: Step): CartState {
  if (s.kind === 'add') return addToCart(state, product(s));
  if (s.kind === 'increment') return increment(state, s.id, s.size);
  if (s.kind === 'remove') return removeOne(state, s.id, s.size);
  return clearLine(state, s.id, s.size);
}

describe('cart rules, property-based', () => {
  it('keeps one line per product and size, every quantity between 1 and its limit, count and total the sums', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const model = new Map<string, { quantity: number; max: number }>();
        let state = EMPTY_CART;
        for (const s of steps) {
          state = apply(state, s);
          const key = `${s.id}|${s.size}`;
          const current = model.get(key);
          const cap = Math.min(s.stock, MAX_LINE_QUANTITY);
          if (s.kind === 'add') {
            if (!current && cap >= 1) model.set(key, { quantity: 1, max: cap });
            if (current && cap < 1) model.delete(key);
            else if (current) model.set(key, { quantity: Math.min(current.quantity + 1, cap), max: cap });
          } else if (s.kind === 'increment' && current) {
            model.set(key, { ...current, quantity: Math.min(current.quantity + 1, current.max) });
          } else if (s.kind === 'remove' && current) {
            if (current.quantity <= 1) model.delete(key);
            else model.set(key, { ...current, quantity: current.quantity - 1 });
          } else if (s.kind === 'clear') {
            model.delete(key);
          }
        }
        const keys = state.lines.map((line) => `${line._id}|${line.size}`);
        expect(new Set(keys).size).toBe(keys.length);
        for (const line of state.lines) {
          expect(line.quantity).toBeGreaterThanOrEqual(1);
          expect(line.quantity).toBeLessThanOrEqual(Math.min(line.max, MAX_LINE_QUANTITY));
        }
        const quantities = Object.fromEntries(
          state.lines.map((line) => [`${line._id}|${line.size}`, line.quantity]),
        );
        const expected = Object.fromEntries(
          [...model].filter(([, v]) => v.quantity > 0).map(([k, v]) => [k, v.quantity]),
        );
        expect(quantities).toEqual(expected);
        expect(cartCount(state)).toBe(Object.values(expected).reduce((sum, n) => sum + n, 0));
        const cents = state.lines.reduce(
          (sum, line) => sum + line.quantity * Math.round(PRICES[line._id as (typeof IDS)[number]] * 100),
          0,
        );
        expect(cartTotalCents(state)).toBe(cents);
      }),
      { numRuns: 300 },
    );
  });

  it('reads back from storage exactly what it wrote, and any other text as an empty cart', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        const state = steps.reduce(apply, EMPTY_CART);
        expect(parseStoredCart(JSON.stringify(state))).toEqual(state);
      }),
      { numRuns: 200 },
    );
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const parsed = parseStoredCart(raw);
        expect(Array.isArray(parsed.lines)).toBe(true);
      }),
    );
  });
});
