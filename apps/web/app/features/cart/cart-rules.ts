import type { CatalogProduct, Image, OrderLine, PaymentLine, Size } from '@barbershop/contract';
import { SIZES } from '@barbershop/contract/domain';
import { dollarsToCents, formatCents } from '@barbershop/contract/format';
import { MAX_LINE_QUANTITY } from '@barbershop/contract/order-rules';
import { isRecord } from '../../lib/is-record.ts';

/**
 * One cart line (SPEC.md section 3, read as DESIGN.md section 7 fixes it: one size per line,
 * identified by product `_id` and size). What the payment call needs, plus what the cart shows.
 */
export type CartLine = PaymentLine & {
  name: string;
  slug: string;
  image: Image;
  /** Dollars, as the catalogue shows product prices. */
  pricing: number;
  /**
   * Dollars: the price the customer added the line at, while the store's has changed since
   * (refreshLines). The cart and checkout say so: the server charges the store's price.
   */
  wasPricing?: number;
  /** The most of this size the line may hold: the stock the store showed, and never above MAX_LINE_QUANTITY. */
  max: number;
  /** The store no longer sells the product (unpublished, archived or deleted) when it was last read. */
  offSale?: true;
  /** The store still sells the product, but no longer in this size (staff removed it) when it was last read. */
  sizeGone?: true;
};

/** SPEC.md section 3's cart state; `isCartOpen` is the header's own, not kept across pages. */
export type CartState = { lines: CartLine[]; orderId: string | null };

export const EMPTY_CART: CartState = { lines: [], orderId: null };

/** What the product page adds: one unit of a product in a size, with the stock it showed for that size. */
export type CartProduct = Omit<CartLine, 'quantity' | 'max' | 'wasPricing' | 'sizeGone'> & { stock: number };

function lineCap(stock: number): number {
  return Math.max(0, Math.min(Math.trunc(stock), MAX_LINE_QUANTITY));
}

/** A line's key among the cart's lines (React's and the cart page's focus): its product and size. */
export function lineKey(line: Pick<CartLine, '_id' | 'size'>): string {
  return `${line._id}-${line.size}`;
}

/** What a screen reader hears when a line leaves the cart by the customer's hand. */
export function removedNotice(line: Pick<CartLine, 'name' | 'size'>): string {
  return `${line.name}, ${line.size}, removed from your cart`;
}

function sameLine(line: Pick<CartLine, '_id' | 'size'>, _id: string, size: Size): boolean {
  return line._id === _id && line.size === size;
}

/** True when one more unit of this product and size would go past what the store has, or 10. */
export function atLimit(state: CartState, product: Pick<CartProduct, '_id' | 'size' | 'stock'>): boolean {
  const line = state.lines.find((l) => sameLine(l, product._id, product.size));
  return (line?.quantity ?? 0) >= lineCap(product.stock);
}

/**
 * Add (SPEC.md section 4): a line with the same `_id` and size gains 1, else a new line with 1.
 * Never past the stock the store showed or MAX_LINE_QUANTITY: then the cart stays as it was.
 * The latest stock figure replaces the line's older one, so a line the store now shows none of leaves.
 */
export function addToCart(state: CartState, product: CartProduct): CartState {
  const { stock, ...fields } = product;
  const max = lineCap(stock);
  const existing = state.lines.find((l) => sameLine(l, product._id, product.size));
  if (!existing) {
    if (max < 1) return state;
    return { ...state, lines: [...state.lines, { ...fields, quantity: 1, max }] };
  }
  const quantity = Math.min(existing.quantity + 1, max);
  // The store now shows none left (another tab, a later visit): the line cannot stay at 0.
  if (quantity < 1) return clearLine(state, product._id, product.size);
  if (quantity === existing.quantity && max === existing.max) return state;
  // Added again from the product page, at the price it shows, in a size it shows: an earlier price
  // and a size once gone are old news.
  const { wasPricing: _, sizeGone: __, ...kept } = existing;
  return {
    ...state,
    lines: state.lines.map((l) => (l === existing ? { ...kept, ...fields, quantity, max } : l)),
  };
}

/** The cart page's plus: one more of a line already in the cart, within its limit. */
/** Whether Plus may add a unit to the line: on sale in its size, and below its limit. */
export function canAddTo(line: Pick<CartLine, 'quantity' | 'max' | 'offSale' | 'sizeGone'>): boolean {
  return !line.offSale && !line.sizeGone && line.quantity < line.max;
}

export function increment(state: CartState, _id: string, size: Size): CartState {
  const line = state.lines.find((l) => sameLine(l, _id, size));
  if (!line || !canAddTo(line)) return state;
  return {
    ...state,
    lines: state.lines.map((l) => (l === line ? { ...l, quantity: l.quantity + 1 } : l)),
  };
}

/** Remove (SPEC.md section 4): one fewer; a line at quantity 1 leaves the cart. */
export function removeOne(state: CartState, _id: string, size: Size): CartState {
  const line = state.lines.find((l) => sameLine(l, _id, size));
  if (!line) return state;
  if (line.quantity <= 1) return clearLine(state, _id, size);
  return {
    ...state,
    lines: state.lines.map((l) => (l === line ? { ...l, quantity: l.quantity - 1 } : l)),
  };
}

/** Clear (SPEC.md section 4): the whole line for this `_id` and size leaves the cart. */
export function clearLine(state: CartState, _id: string, size: Size): CartState {
  const lines = state.lines.filter((l) => !sameLine(l, _id, size));
  return lines.length === state.lines.length ? state : { ...state, lines };
}

/** Units of a product in a size, as the lines of an order hold them. */
export type HeldUnits = Pick<OrderLine, 'productId' | 'size' | 'quantity'>;

/** Why a line can take no more units ("Only 2 in stock"), or null while it can. */
export function lineLimitNote(
  line: Pick<CartLine, 'quantity' | 'max' | 'offSale' | 'sizeGone' | 'size'>,
): string | null {
  if (canAddTo(line)) return null;
  if (line.offSale) return 'No longer for sale';
  if (line.sizeGone) return `No longer sold in ${line.size}`;
  if (line.max === 0) return 'None left in stock';
  return line.max < MAX_LINE_QUANTITY ? `Only ${line.max} in stock` : `Limit ${MAX_LINE_QUANTITY} each`;
}

/** What checkout says of a line it cannot sell (off sale, more than is left) before Pay is refused; else null. */
export function checkoutLineNote(
  line: Pick<CartLine, 'quantity' | 'max' | 'offSale' | 'sizeGone' | 'size'>,
): string | null {
  if (line.offSale) return 'No longer for sale: remove it from your cart';
  if (line.sizeGone) return `No longer sold in ${line.size}: remove it from your cart`;
  if (line.quantity <= line.max) return null;
  return line.max === 0
    ? 'None left in stock: remove it from your cart'
    : `${lineLimitNote(line)}: lower the quantity in your cart`;
}

/** What the cart and checkout say of a line whose price changed since it was added; else null. */
export function priceChangeNote(line: Pick<CartLine, 'pricing' | 'wasPricing'>): string | null {
  if (line.wasPricing === undefined || line.wasPricing === line.pricing) return null;
  return `Price changed since you added it: was ${formatCents(dollarsToCents(line.wasPricing))}`;
}

/**
 * The lines as the store shows their products now: price, name, address, first image and the stock
 * limit, which may have changed since they were added (a price rise, a rename, a restock). `held` is
 * what this customer's pending order keeps reserved: the store's figure leaves it out, but the next
 * payment attempt gets it back, so it counts toward the limit. A product no longer in the catalogue
 * keeps its line, marked off sale for the cart and checkout to say so, and a size it no longer comes
 * in is marked so too (checkout would be refused: "does not come in"); quantities are left to
 * checkout too (a line may now hold more than is left, and says so). The same state when nothing
 * changed.
 */
export function refreshLines(
  state: CartState,
  catalogue: readonly CatalogProduct[],
  held: readonly HeldUnits[] = [],
): CartState {
  let changed = false;
  const lines = state.lines.map((line) => {
    const product = catalogue.find((p) => p._id === line._id);
    if (!product) {
      if (line.offSale) return line;
      changed = true;
      return { ...line, offSale: true as const };
    }
    const image = product.images[0] ?? line.image;
    const stock = product.stock.find((entry) => entry.size === line.size);
    const mine = held
      .filter((units) => units.productId === line._id && units.size === line.size)
      .reduce((sum, units) => sum + units.quantity, 0);
    const max = stock ? lineCap(stock.quantity + mine) : 0;
    if (
      product.pricing === line.pricing &&
      product.name === line.name &&
      product.slug === line.slug &&
      image.src === line.image.src &&
      max === line.max &&
      !line.offSale &&
      !line.sizeGone === Boolean(stock)
    )
      return line;
    changed = true;
    const { offSale: _, sizeGone: __, wasPricing, ...onSale } = line;
    // The price the line was added at, kept through any later changes until the store's is that again.
    const was = wasPricing ?? line.pricing;
    return {
      ...onSale,
      pricing: product.pricing,
      ...(was === product.pricing ? {} : { wasPricing: was }),
      name: product.name,
      slug: product.slug,
      image,
      max,
      ...(stock ? {} : { sizeGone: true as const }),
    };
  });
  return changed ? { ...state, lines } : state;
}

/** The pending order of the last payment attempt, reused by the next one (SPEC.md section 7). */
export function setOrderId(state: CartState, orderId: string | null): CartState {
  return state.orderId === orderId ? state : { ...state, orderId };
}

/**
 * The cart once its order is paid: the units the order bought leave it, and with them its order; what
 * was added while the payment settled stays, for the next order.
 */
export function withoutPaid(
  state: CartState,
  paid: readonly { productId: string; size: string; quantity: number }[],
): CartState {
  const lines = state.lines.flatMap((line) => {
    const bought = paid
      .filter((p) => p.productId === line._id && p.size === line.size)
      .reduce((sum, p) => sum + p.quantity, 0);
    return line.quantity > bought ? [{ ...line, quantity: line.quantity - bought }] : [];
  });
  return lines.length === 0 ? EMPTY_CART : { lines, orderId: null };
}

/** The badge's number: the sum of quantities. */
export function cartCount(state: CartState): number {
  return state.lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** A line's total in cents: quantity x price. */
export function lineTotalCents(line: Pick<CartLine, 'quantity' | 'pricing'>): number {
  return line.quantity * dollarsToCents(line.pricing);
}

/** The subtotal in cents: the sum of quantity x price (counted in cents, so no floating-point drift). */
export function cartTotalCents(state: CartState): number {
  return state.lines.reduce((sum, line) => sum + lineTotalCents(line), 0);
}

/** What create-payment-intent needs of each line; the server prices and checks them itself. */
export function paymentLines(state: CartState): PaymentLine[] {
  return state.lines.map(({ _id, size, quantity }) => ({ _id, size, quantity }));
}

function readLine(value: unknown): CartLine | null {
  if (!isRecord(value)) return null;
  const { _id, name, slug, image, size, pricing, wasPricing, quantity, max, offSale, sizeGone } = value;
  if (typeof _id !== 'string' || typeof name !== 'string' || typeof slug !== 'string') return null;
  if (!SIZES.includes(size as Size) || typeof pricing !== 'number' || !(pricing >= 0)) return null;
  if (!isRecord(image) || typeof image.src !== 'string') return null;
  if (!Number.isInteger(quantity) || !Number.isInteger(max)) return null;
  // A line may hold more than its limit, even when none are left: checkout says so (refreshLines).
  if ((quantity as number) < 1) return null;
  return {
    _id,
    name,
    slug,
    image: {
      src: image.src,
      srcSet: typeof image.srcSet === 'string' ? image.srcSet : '',
      alt: typeof image.alt === 'string' ? image.alt : '',
    },
    size: size as Size,
    pricing,
    ...(typeof wasPricing === 'number' && wasPricing >= 0 && wasPricing !== pricing ? { wasPricing } : {}),
    quantity: Math.min(quantity as number, MAX_LINE_QUANTITY),
    max: lineCap(max as number),
    ...(offSale === true ? { offSale } : {}),
    ...(sizeGone === true ? { sizeGone } : {}),
  };
}

/**
 * The cart as another tab or an older version of the site left it in storage: anything malformed
 * is dropped rather than trusted (the server checks every line again before payment anyway).
 */
export function parseStoredCart(raw: string | null): CartState {
  if (!raw) return EMPTY_CART;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return EMPTY_CART;
  }
  if (!isRecord(value)) return EMPTY_CART;
  const lines: CartLine[] = [];
  for (const entry of Array.isArray(value.lines) ? value.lines : []) {
    const line = readLine(entry);
    if (line && !lines.some((l) => sameLine(l, line._id, line.size))) lines.push(line);
  }
  const orderId = typeof value.orderId === 'string' && value.orderId ? value.orderId : null;
  return { lines, orderId };
}
