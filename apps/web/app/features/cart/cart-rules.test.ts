import type { CatalogProduct } from '@barbershop/contract';
import { MAX_LINE_QUANTITY } from '@barbershop/contract/order-rules';
import { describe, expect, it } from 'vitest';
import {
  addToCart,
  atLimit,
  type CartProduct,
  type CartState,
  cartCount,
  cartTotalCents,
  checkoutLineNote,
  clearLine,
  EMPTY_CART,
  increment,
  lineLimitNote,
  lineTotalCents,
  parseStoredCart,
  paymentLines,
  priceChangeNote,
  refreshLines,
  removeOne,
  setOrderId,
  withoutPaid,
} from './cart-rules.ts';

const HOODIE = '6f1c1f0e-8a0e-4d61-9a51-6a3f0c1b2d01';
const CAP = '6f1c1f0e-8a0e-4d61-9a51-6a3f0c1b2d02';
const image = { src: '/media/a-640.webp', srcSet: '/media/a-320.webp 320w', alt: 'Logo Hoodie' };

function hoodie(size: CartProduct['size'], stock = 5): CartProduct {
  return { _id: HOODIE, name: 'Logo Hoodie', slug: 'logo-hoodie', image, size, pricing: 58, stock };
}
const cap: CartProduct = {
  _id: CAP,
  name: 'Classic Snapback',
  slug: 'classic-snapback',
  image,
  size: 'One Size Fits All',
  pricing: 32.5,
  stock: 24,
};

function fill(...products: CartProduct[]): CartState {
  return products.reduce(addToCart, EMPTY_CART);
}

describe('addToCart', () => {
  it('appends a new line with quantity 1', () => {
    const state = fill(hoodie('Medium'));
    expect(state.lines).toHaveLength(1);
    expect(state.lines[0]).toMatchObject({ _id: HOODIE, size: 'Medium', quantity: 1, max: 5 });
  });

  it('raises the quantity of the line with the same _id and size', () => {
    const state = fill(hoodie('Medium'), hoodie('Medium'), hoodie('Medium'));
    expect(state.lines).toHaveLength(1);
    expect(state.lines[0]?.quantity).toBe(3);
  });

  it('keeps another size of the same product on its own line', () => {
    const state = fill(hoodie('Medium'), hoodie('Large'), hoodie('Medium'));
    expect(state.lines.map((l) => [l.size, l.quantity])).toEqual([
      ['Medium', 2],
      ['Large', 1],
    ]);
  });

  it('never goes past the stock the store showed', () => {
    const state = fill(hoodie('Small', 2), hoodie('Small', 2), hoodie('Small', 2));
    expect(state.lines[0]?.quantity).toBe(2);
    expect(atLimit(state, hoodie('Small', 2))).toBe(true);
    expect(fill(hoodie('Small', 0)).lines).toEqual([]);
  });

  it(`never holds more than ${MAX_LINE_QUANTITY} of one line`, () => {
    const state = fill(...Array.from({ length: 15 }, () => cap));
    expect(state.lines[0]?.quantity).toBe(MAX_LINE_QUANTITY);
    expect(state.lines[0]?.max).toBe(MAX_LINE_QUANTITY);
  });

  it('takes the latest stock figure, and returns the same state when nothing changes', () => {
    const state = fill(hoodie('Small', 2), hoodie('Small', 2));
    expect(addToCart(state, hoodie('Small', 2))).toBe(state);
    const restocked = addToCart(state, hoodie('Small', 6));
    expect(restocked.lines[0]).toMatchObject({ quantity: 3, max: 6 });
  });
});

describe('increment', () => {
  it('adds one within the line limit, and nothing at the limit or for a missing line', () => {
    const state = fill(hoodie('Large', 2));
    const two = increment(state, HOODIE, 'Large');
    expect(two.lines[0]?.quantity).toBe(2);
    expect(increment(two, HOODIE, 'Large')).toBe(two);
    expect(increment(two, HOODIE, 'Small')).toBe(two);
  });
});

describe('removeOne', () => {
  it('lowers the quantity by 1', () => {
    const state = removeOne(fill(hoodie('Medium'), hoodie('Medium')), HOODIE, 'Medium');
    expect(state.lines[0]?.quantity).toBe(1);
  });

  it('removes the line at quantity 1, leaving the others', () => {
    const state = removeOne(fill(hoodie('Medium'), cap), HOODIE, 'Medium');
    expect(state.lines.map((l) => l._id)).toEqual([CAP]);
  });

  it('changes nothing for a line not in the cart', () => {
    const state = fill(hoodie('Medium'));
    expect(removeOne(state, HOODIE, 'Large')).toBe(state);
  });
});

describe('clearLine', () => {
  it('removes the whole line for that _id and size, whatever its quantity', () => {
    const state = clearLine(fill(hoodie('Medium'), hoodie('Medium'), hoodie('Large')), HOODIE, 'Medium');
    expect(state.lines.map((l) => [l.size, l.quantity])).toEqual([['Large', 1]]);
  });
});

describe('count and total', () => {
  it('count is the sum of quantities; total the sum of quantity x price, in cents', () => {
    const state = fill(hoodie('Medium'), hoodie('Medium'), cap, hoodie('Large'));
    expect(cartCount(state)).toBe(4);
    expect(cartTotalCents(state)).toBe(2 * 5800 + 3250 + 5800);
    expect(lineTotalCents({ quantity: 3, pricing: 0.1 })).toBe(30);
    expect(cartCount(EMPTY_CART)).toBe(0);
    expect(cartTotalCents(EMPTY_CART)).toBe(0);
  });

  it('sends the server only _id, size and quantity', () => {
    expect(paymentLines(fill(hoodie('Medium'), hoodie('Medium')))).toEqual([
      { _id: HOODIE, size: 'Medium', quantity: 2 },
    ]);
  });
});

describe('refreshLines', () => {
  const product = (fields: Partial<CatalogProduct>): CatalogProduct => ({
    _id: HOODIE,
    name: 'Logo Hoodie',
    slug: 'logo-hoodie',
    description: '',
    pricing: 58,
    category: 'Hoodies',
    images: [image],
    stock: [{ size: 'Medium', quantity: 5 }],
    ...fields,
  });

  it("takes the catalogue's price, name and address; keeps the quantity", () => {
    const state = fill(hoodie('Medium'), hoodie('Medium'), cap);
    const next = refreshLines(state, [product({ pricing: 64, name: 'Gold Hoodie', slug: 'gold-hoodie' })]);
    expect(next.lines[0]).toEqual({
      ...state.lines[0],
      pricing: 64,
      wasPricing: 58,
      name: 'Gold Hoodie',
      slug: 'gold-hoodie',
    });
    // The snapback is no longer in the catalogue: its line stays, marked, for the cart and checkout to say so.
    expect(next.lines[1]).toEqual({ ...state.lines[1], offSale: true });
    expect(cartTotalCents(next)).toBe(2 * 6400 + 3250);
    expect(refreshLines(next, [product({ pricing: 64, name: 'Gold Hoodie', slug: 'gold-hoodie' })])).toBe(
      next,
    );
    // On sale again: the mark goes, and survives storage meanwhile.
    expect(parseStoredCart(JSON.stringify(next)).lines[1]?.offSale).toBe(true);
    const back = refreshLines(next, [
      product({ pricing: 64, name: 'Gold Hoodie', slug: 'gold-hoodie' }),
      product({
        _id: cap._id,
        name: cap.name,
        slug: cap.slug,
        pricing: cap.pricing,
        stock: [{ size: cap.size, quantity: 5 }],
      }),
    ]);
    expect(back.lines[1]).not.toHaveProperty('offSale');
  });

  it('remembers the price a line was added at while the store asks another, for the cart and checkout to say', () => {
    const state = fill(hoodie('Medium'), hoodie('Medium'));
    expect(priceChangeNote(state.lines[0]!)).toBeNull();
    const raised = refreshLines(state, [product({ pricing: 58.01 })]);
    expect(raised.lines[0]).toMatchObject({ pricing: 58.01, wasPricing: 58 });
    expect(priceChangeNote(raised.lines[0]!)).toBe('Price changed since you added it: was $58.00');
    expect(cartTotalCents(raised)).toBe(2 * 5801);
    // Changed again: still the price it was added at; kept in storage meanwhile.
    const stored = parseStoredCart(JSON.stringify(refreshLines(raised, [product({ pricing: 0.01 })])));
    expect(stored.lines[0]).toMatchObject({ pricing: 0.01, wasPricing: 58 });
    // Back to that price, nothing to say.
    const back = refreshLines(stored, [product({ pricing: 58 })]);
    expect(back.lines[0]).not.toHaveProperty('wasPricing');
    expect(priceChangeNote(back.lines[0]!)).toBeNull();
    // Added again from the product page, which shows today's price: nothing to say either.
    const readded = addToCart(raised, { ...hoodie('Medium'), pricing: 58.01 });
    expect(readded.lines[0]).toMatchObject({ quantity: 3, pricing: 58.01 });
    expect(readded.lines[0]).not.toHaveProperty('wasPricing');
  });

  it("takes today's stock limit, up after a restock or down below the quantity, which stays for checkout", () => {
    const state = fill(hoodie('Medium'), hoodie('Medium'));
    const restocked = refreshLines(state, [product({ stock: [{ size: 'Medium', quantity: 40 }] })]);
    expect(restocked.lines[0]).toMatchObject({ quantity: 2, max: MAX_LINE_QUANTITY });
    const sold = refreshLines(state, [product({ stock: [{ size: 'Medium', quantity: 1 }] })]);
    expect(sold.lines[0]).toMatchObject({ quantity: 2, max: 1 });
  });

  it("counts what the customer's pending order holds: the store's figure leaves it out", () => {
    const state = fill(hoodie('Medium'), hoodie('Medium'), hoodie('Medium'));
    const held = [{ productId: HOODIE, size: 'Medium' as const, quantity: 3 }];
    const allMine = refreshLines(state, [product({ stock: [{ size: 'Medium', quantity: 0 }] })], held);
    expect(allMine.lines[0]).toMatchObject({ quantity: 3, max: 3 });
    const oneMore = refreshLines(state, [product({ stock: [{ size: 'Medium', quantity: 1 }] })], held);
    expect(oneMore.lines[0]).toMatchObject({ quantity: 3, max: 4 });
    // Another size or product held does not raise this line's limit.
    const other = [{ productId: HOODIE, size: 'Large' as const, quantity: 3 }];
    const none = refreshLines(state, [product({ stock: [{ size: 'Medium', quantity: 0 }] })], other);
    expect(none.lines[0]).toMatchObject({ quantity: 3, max: 0 });
  });

  it('marks a line whose size the store no longer sells, for the cart and checkout to say so, until it is back', () => {
    // Two Large in the cart; staff then take Large off the hoodie (the store shows Medium only).
    const state = fill(hoodie('Large'), hoodie('Large'), hoodie('Medium'));
    const gone = refreshLines(state, [product({})]);
    expect(gone.lines[0]).toMatchObject({ size: 'Large', quantity: 2, max: 0, sizeGone: true });
    expect(gone.lines[1]).not.toHaveProperty('sizeGone');
    expect(checkoutLineNote(gone.lines[0]!)).toBe('No longer sold in Large: remove it from your cart');
    expect(increment(gone, HOODIE, 'Large')).toBe(gone);
    expect(refreshLines(gone, [product({})])).toBe(gone);
    // Kept in storage meanwhile; offered again, the mark goes and the limit is the store's.
    const stored = parseStoredCart(JSON.stringify(gone));
    expect(stored.lines[0]?.sizeGone).toBe(true);
    const back = refreshLines(stored, [
      product({
        stock: [
          { size: 'Medium', quantity: 5 },
          { size: 'Large', quantity: 4 },
        ],
      }),
    ]);
    expect(back.lines[0]).toMatchObject({ quantity: 2, max: 4 });
    expect(back.lines[0]).not.toHaveProperty('sizeGone');
    expect(checkoutLineNote(back.lines[0]!)).toBeNull();
    // Added again from its product page, where Large shows again: the mark goes too.
    expect(addToCart(stored, hoodie('Large', 4)).lines[0]).not.toHaveProperty('sizeGone');
  });

  it('returns the same state when nothing changed', () => {
    const state = fill(hoodie('Medium'));
    expect(refreshLines(state, [product({})])).toBe(state);
  });
});

describe('setOrderId', () => {
  it('keeps the order id of the last payment attempt with the lines', () => {
    const state = setOrderId(fill(cap), 'order-1');
    expect(state.orderId).toBe('order-1');
    expect(state.lines).toHaveLength(1);
    expect(setOrderId(state, 'order-1')).toBe(state);
  });
});

describe('parseStoredCart', () => {
  it('reads back what was stored', () => {
    const state = setOrderId(fill(hoodie('Medium'), cap), 'order-1');
    expect(parseStoredCart(JSON.stringify(state))).toEqual(state);
  });

  it('gives an empty cart for nothing, bad JSON or the wrong shape', () => {
    for (const raw of [null, '', '{', '[]', '42', '{"lines":"x"}']) {
      expect(parseStoredCart(raw)).toEqual(EMPTY_CART);
    }
  });

  it('keeps a line holding more than its stock limit, even none, for checkout to say so', () => {
    const line = { ...fill(hoodie('Medium')).lines[0]!, quantity: 3 };
    for (const max of [0, 1]) {
      const state = parseStoredCart(JSON.stringify({ lines: [{ ...line, max }], orderId: 'order-1' }));
      expect(state.lines.map((l) => [l.quantity, l.max])).toEqual([[3, max]]);
    }
  });

  it('drops malformed lines and duplicates, and holds quantities to their limits', () => {
    const good = fill(hoodie('Medium')).lines[0];
    const raw = JSON.stringify({
      lines: [
        good,
        good,
        { ...good, size: 'Huge' },
        { ...good, size: 'Large', quantity: 0 },
        { ...good, size: 'Small', pricing: '58' },
        { ...cap, quantity: 40, max: 99 },
      ],
      orderId: 7,
    });
    const state = parseStoredCart(raw);
    expect(state.orderId).toBeNull();
    expect(state.lines.map((l) => [l.size, l.quantity, l.max])).toEqual([
      ['Medium', 1, 5],
      ['One Size Fits All', MAX_LINE_QUANTITY, MAX_LINE_QUANTITY],
    ]);
  });
});

describe('withoutPaid', () => {
  it('takes out what the order bought and its order, and keeps what was added since', () => {
    const paying = setOrderId(fill(hoodie('Medium'), hoodie('Medium'), cap), 'order-1');
    // While the payment settled, one more hoodie and another size went in.
    const grown = [hoodie('Medium'), hoodie('Large')].reduce(addToCart, paying);
    expect(grown.orderId).toBe('order-1');
    const paid = [
      { productId: HOODIE, size: 'Medium', quantity: 2 },
      { productId: CAP, size: 'One Size Fits All', quantity: 1 },
    ];
    expect(withoutPaid(grown, paid)).toEqual({
      lines: [
        expect.objectContaining({ _id: HOODIE, size: 'Medium', quantity: 1 }),
        expect.objectContaining({ _id: HOODIE, size: 'Large', quantity: 1 }),
      ],
      orderId: null,
    });
    expect(withoutPaid(paying, paid)).toBe(EMPTY_CART);
  });
});

describe('what a line says of its limit', () => {
  it('says why Plus stops at the limit, and nothing below it', () => {
    expect(lineLimitNote({ size: 'Medium', quantity: 1, max: 3 })).toBeNull();
    expect(lineLimitNote({ size: 'Medium', quantity: 3, max: 3 })).toBe('Only 3 in stock');
    expect(lineLimitNote({ size: 'Medium', quantity: 0, max: 0 })).toBe('None left in stock');
    expect(lineLimitNote({ size: 'Medium', quantity: MAX_LINE_QUANTITY, max: MAX_LINE_QUANTITY })).toBe(
      `Limit ${MAX_LINE_QUANTITY} each`,
    );
  });

  it('tells checkout of a line off sale or holding more than is left, and only then', () => {
    expect(checkoutLineNote({ size: 'Medium', quantity: 3, max: 3 })).toBeNull();
    expect(checkoutLineNote({ size: 'Medium', quantity: 6, max: 1 })).toBe(
      'Only 1 in stock: lower the quantity in your cart',
    );
    expect(checkoutLineNote({ size: 'Medium', quantity: 2, max: 0 })).toBe(
      'None left in stock: remove it from your cart',
    );
    expect(checkoutLineNote({ size: 'Medium', quantity: 1, max: 3, offSale: true })).toBe(
      'No longer for sale: remove it from your cart',
    );
    expect(lineLimitNote({ size: 'Medium', quantity: 1, max: 3, offSale: true })).toBe('No longer for sale');
    expect(checkoutLineNote({ size: 'Large', quantity: 1, max: 0, sizeGone: true })).toBe(
      'No longer sold in Large: remove it from your cart',
    );
    expect(lineLimitNote({ size: 'Large', quantity: 1, max: 0, sizeGone: true })).toBe(
      'No longer sold in Large',
    );
  });
});
