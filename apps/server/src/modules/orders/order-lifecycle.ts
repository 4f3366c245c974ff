/**
 * The order lifecycle (DESIGN.md section 6) in one place: reserving stock for a pending order,
 * fulfilling it when its payment succeeds, staff status changes, and canceling an expired one.
 * Routes, background jobs, the seed and the test helpers all go through these functions. Each
 * takes an Executor: given a transaction, its own transaction nests as a savepoint.
 */

import {
  canTransition,
  type DeliveryMethod,
  DISPUTE_NEEDS_RESPONSE,
  isRefundFailedMessage,
  LATE_PAYMENT_REFUNDED,
  MAX_LINE_QUANTITY,
  MAX_ORDER_TOTAL_CENTS,
  MIN_ORDER_TOTAL_CENTS,
  type OrderStatus,
  PAYMENT_RECEIVED_MESSAGE,
  type PaymentLine,
  paidBackMessage,
  paymentFailedMessage,
  providerRefundMessage,
  RESERVATION_MINUTES,
  refundFailedMessage,
  salesTaxCents,
  statusChangeMessage,
} from '@barbershop/contract';
import { formatCents } from '@barbershop/contract/format';
import type { Executor } from '@barbershop/db';
import type { Config } from '../../config.ts';
import { AppError } from '../../plugins/errors.ts';
import {
  type OrderEmailFacts,
  orderConfirmationEmail,
  orderReadyEmail,
  paidOrderAlertEmail,
  paymentRefundedEmail,
  refundFailedAlertEmail,
} from '../mail/order-emails.ts';
import { type Email, enqueueEmail } from '../mail/outbox.repository.ts';
import { hasDisputeIn } from './disputes.repository.ts';
import {
  deleteLinesOfOrder,
  failedRefundsCountedAt,
  findOrder,
  findOrderParties,
  findPendingOrderOfUser,
  findProductsWithImage,
  hasUnsettledFailedRefunds,
  insertFailedRefund,
  insertItems,
  insertLog,
  insertOrder,
  insertOrderLines,
  listLinesOfOrder,
  listStockOf,
  lockOrder,
  lockOrderOfPayment,
  lockUser,
  type OrderLineRow,
  type OrderRow,
  releaseCheckoutLease,
  returnStock,
  setItemsOfOrderReady,
  settleFailedRefunds,
  stockQuantity,
  takeCheckoutLease,
  takeStock,
  updateOrder,
} from './lifecycle.repository.ts';

export type PaymentProviderName = 'stripe' | 'demo';

/** Where an order email's links point, and in which time zone it dates the order. */
export type EmailSite = { publicUrl: string; timeZone: string };

/**
 * Where links in emails point, and where the shop's paid-order alert goes (default: the shop's
 * email setting); null sends no email (sample history, for instance).
 */
export type Notify = (EmailSite & { shopAlertEmail?: string }) | null;

/** Where this configuration's order emails link and its paid-order alerts go (SHOP_ALERT_EMAIL). */
export function notifyOf(config: Pick<Config, 'publicUrl' | 'mail' | 'shopTimeZone'>): NonNullable<Notify> {
  return {
    publicUrl: config.publicUrl,
    timeZone: config.shopTimeZone,
    shopAlertEmail: config.mail.shopAlertEmail,
  };
}

export const RESERVATION_EXPIRED_MESSAGE = 'Reservation expired; order canceled';
export const PAYMENT_CANCELED_MESSAGE = 'Payment canceled; order canceled';
export const MISMATCHED_PAYMENT_HELD =
  'Paid an amount that does not match the order: not marked paid; refunded when the reservation ends';

/** Whether a payment is of the order's total in the shop's currency: only then is it the order's. */
export function paidAsOrdered(total: number, paid: { amount: number; currency: string }): boolean {
  return paid.amount === total && paid.currency.toLowerCase() === 'usd';
}

export type ReserveInput = {
  userId: string;
  lines: PaymentLine[];
  salesTaxRate: number;
  provider: PaymentProviderName;
  at?: Date;
};

type MergedLine = { productId: string; size: string; quantity: number };

/** Two lines of one product and size are one line of their sum, checked against the limit. */
function mergeLines(lines: PaymentLine[]): MergedLine[] {
  const merged = new Map<string, MergedLine>();
  for (const line of lines) {
    const key = `${line._id}|${line.size}`;
    const found = merged.get(key);
    if (found) found.quantity += line.quantity;
    else merged.set(key, { productId: line._id, size: line.size, quantity: line.quantity });
  }
  return sortLines([...merged.values()]);
}

/**
 * The one order in which anything locks stock rows: by product id, then size, comparing code units
 * (PostgreSQL's "C" collation, which lockStock sorts by). Checkouts, cancellations, late payments
 * taking stock again and stock edits all follow it, so no two of them can deadlock.
 */
export function byStockRow(
  a: { productId: string; size: string },
  b: { productId: string; size: string },
): number {
  if (a.productId !== b.productId) return a.productId < b.productId ? -1 : 1;
  return a.size < b.size ? -1 : a.size > b.size ? 1 : 0;
}

function sortLines(lines: MergedLine[]): MergedLine[] {
  return lines.sort(byStockRow);
}

/**
 * What a checkout takes from each stock row (negative: gives back) when it replaces `previous` with
 * `wanted`, in the fixed order of mergeLines. Taking the difference succeeds exactly when returning
 * the old lines and then taking the new ones would.
 */
function stockMoves(previous: readonly MergedLine[], wanted: readonly MergedLine[]): MergedLine[] {
  const moves = new Map<string, MergedLine>();
  const add = (line: MergedLine, sign: 1 | -1) => {
    const key = `${line.productId}|${line.size}`;
    const move = moves.get(key) ?? { productId: line.productId, size: line.size, quantity: 0 };
    move.quantity += sign * line.quantity;
    moves.set(key, move);
  };
  for (const line of previous) add(line, -1);
  for (const line of wanted) add(line, 1);
  return sortLines([...moves.values()]);
}

/**
 * Creates or replaces the customer's pending order and reserves its stock, in one transaction:
 * prices come from the database; a line for a product not on sale, a size not offered or more than
 * MAX_LINE_QUANTITY units is 400, as is a total under MIN_ORDER_TOTAL_CENTS or over
 * MAX_ORDER_TOTAL_CENTS; a size short of stock is 409 naming product and size, and then
 * nothing is reserved (the earlier reservation, if any, stands). The customer's earlier pending
 * order is reused, its stock returned and taken anew, so a retry never makes a second order.
 */
export async function reserve(db: Executor, input: ReserveInput): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    if (!(await lockUser(tx, input.userId))) throw new AppError('unauthorized', 'Sign in to continue.');
    return reserveForLockedUser(tx, input);
  });
}

/** How long a checkout waits for another of the same customer before it is answered 503. */
const LEASE_WAIT_MS = 15_000;
const LEASE_POLL_MS = 50;
const LEASE_BUSY = Symbol('lease busy');

/**
 * `reserve`, as the first step of a checkout that goes on to ask the payment provider: in the same
 * transaction the customer's checkout is leased for `leaseMs` (the longest the checkout may take), by
 * the database's clock. The lease, not a transaction, is what keeps one checkout of a customer at a
 * time while the provider answers: a second tab or a double click waits (polling) before it changes
 * the order under a payment being made, and a provider that is slow or silent holds no pooled
 * connection (ten would empty PostgreSQL's pool) nor, on the embedded database, which runs one query
 * at a time, every visitor's query. `attachPayment` gives the lease back; one left by a killed
 * process ends by itself. A reservation refused (sold out) takes no lease.
 */
export async function reserveForPayment(
  db: Executor,
  input: ReserveInput,
  leaseMs: number,
): Promise<{ order: OrderRow; lease: Date }> {
  const giveUpAt = Date.now() + LEASE_WAIT_MS;
  for (;;) {
    const reserved = await db.transaction(async (tx) => {
      const user = await lockUser(tx, input.userId);
      if (!user) throw new AppError('unauthorized', 'Sign in to continue.');
      if (user.leased) return LEASE_BUSY;
      const lease = await takeCheckoutLease(tx, input.userId, leaseMs);
      return { order: await reserveForLockedUser(tx, input), lease };
    });
    if (reserved !== LEASE_BUSY) return reserved;
    if (Date.now() >= giveUpAt) {
      throw new AppError(
        'unavailable',
        'An earlier payment attempt is still in progress. Please try again in a minute.',
      );
    }
    await new Promise((resolve) => setTimeout(resolve, LEASE_POLL_MS));
  }
}

async function reserveForLockedUser(tx: Executor, input: ReserveInput): Promise<OrderRow> {
  const at = input.at ?? new Date();
  const wanted = mergeLines(input.lines);
  const ids = [...new Set(wanted.map((line) => line.productId))];
  const found = new Map((await findProductsWithImage(tx, ids)).map((row) => [row.product.id, row]));
  const offered = await listStockOf(tx, ids);
  for (const line of wanted) {
    const row = found.get(line.productId);
    const product = row?.product;
    if (!product?.published || product.archived || product.deletedAt) {
      // Said to the customer at checkout, as it is: what to do, not which field of the request.
      const what = product?.name ?? 'A product in your cart';
      throw new AppError('bad_request', `${what} is not for sale any more: remove it from your cart.`);
    }
    if (!offered.some((s) => s.productId === line.productId && s.size === line.size)) {
      throw new AppError(
        'bad_request',
        `${product.name} does not come in ${line.size}: remove it from your cart.`,
      );
    }
    if (line.quantity > MAX_LINE_QUANTITY) {
      throw new AppError(
        'bad_request',
        `products: at most ${MAX_LINE_QUANTITY} of ${product.name} in ${line.size} per order`,
      );
    }
  }

  const subtotal = wanted.reduce(
    (sum, line) => sum + found.get(line.productId)!.product.priceCents * line.quantity,
    0,
  );
  const salesTax = salesTaxCents(subtotal, input.salesTaxRate);
  const shipping = { name: 'Pickup', cost: 0, address: null };
  const total = subtotal + salesTax + shipping.cost;
  // Refused here, before the pending order or any stock moves, rather than by the card processor
  // after it (a 503 the customer would retry for ever, the stock held each time).
  if (total < MIN_ORDER_TOTAL_CENTS) {
    throw new AppError(
      'bad_request',
      `Card payments start at ${formatCents(MIN_ORDER_TOTAL_CENTS)}; this cart comes to ${formatCents(total)}. Add something to it to pay.`,
    );
  }
  if (total > MAX_ORDER_TOTAL_CENTS) {
    throw new AppError(
      'bad_request',
      `Card payments go up to ${formatCents(MAX_ORDER_TOTAL_CENTS)}; this cart comes to ${formatCents(total)}. Take something out of it to pay.`,
    );
  }

  const existing = await findPendingOrderOfUser(tx, input.userId);
  const previous = existing ? await listLinesOfOrder(tx, existing.id) : [];
  if (existing) await deleteLinesOfOrder(tx, existing.id);

  const values = {
    subtotal,
    salesTax,
    shippingCost: shipping.cost,
    total,
    expiresAt: new Date(at.getTime() + RESERVATION_MINUTES * 60_000),
    updatedAt: at,
  };
  const order = existing
    ? await updateOrder(tx, existing.id, {
        ...values,
        // The order is placed again with this cart: its date (on the customer's pages) is this
        // attempt's, not a declined one's.
        createdAt: at,
        // A payment made with another provider (the configuration changed) cannot be updated.
        ...(existing.paymentProvider === input.provider
          ? {}
          : { paymentProvider: input.provider, paymentId: null }),
      })
    : await insertOrder(tx, {
        ...values,
        userId: input.userId,
        status: 'pending',
        // Delivery is offered but disabled (SPEC.md section 2): every order is picked up.
        deliveryMethod: 'pickup',
        shipping,
        paymentProvider: input.provider,
        createdAt: at,
      });
  await insertOrderLines(
    tx,
    wanted.map((line) => {
      const { product, imageKey } = found.get(line.productId)!;
      return {
        orderId: order.id,
        productId: product.id,
        name: product.name,
        image: imageKey ?? '',
        size: line.size,
        unitPrice: product.priceCents,
        quantity: line.quantity,
      };
    }),
  );
  // Stock moves last: a stock row stays locked from its update to the commit, and in a sale every
  // checkout waits for that one row, so it is held for these statements only. Each row moves once,
  // by what the new cart takes beyond the old one, in one order for every checkout (no deadlock).
  for (const move of stockMoves(previous, wanted)) {
    if (move.quantity < 0) await returnStock(tx, move.productId, move.size, -move.quantity);
    else if (move.quantity > 0 && !(await takeStock(tx, move.productId, move.size, move.quantity))) {
      const name = found.get(move.productId)!.product.name;
      // What this customer could have: what is on hand plus what their earlier attempt holds.
      const wantedHere = wanted.find((l) => l.productId === move.productId && l.size === move.size)!;
      const available =
        (await stockQuantity(tx, move.productId, move.size)) + wantedHere.quantity - move.quantity;
      throw new AppError(
        'conflict',
        available > 0
          ? `Not enough stock: ${name} in ${move.size} (only ${available} left). Lower the quantity in your cart.`
          : `Not enough stock: ${name} in ${move.size} (none left). Remove it from your cart.`,
      );
    }
  }
  return order;
}

/**
 * Stores the payment the provider made for the order `reserveForPayment` reserved, and gives its
 * lease back, in one transaction. A call that outlived its lease stores nothing (another checkout has
 * taken over: 503, try again); nor does one for an order paid or canceled meanwhile (409).
 */
export async function attachPayment(
  db: Executor,
  input: { userId: string; lease: Date; orderId: string; paymentId: string },
): Promise<void> {
  const outcome = await db.transaction(async (tx) => {
    if (!(await releaseCheckoutLease(tx, input.userId, input.lease))) return 'outlived';
    const order = await lockOrder(tx, input.orderId);
    if (order?.status !== 'pending') return 'gone';
    if (order.paymentId !== input.paymentId) {
      await updateOrder(tx, input.orderId, { paymentId: input.paymentId });
    }
    return 'stored';
  });
  if (outcome === 'outlived') {
    throw new AppError('unavailable', 'The payment service did not answer. Please try again.');
  }
  if (outcome === 'gone') {
    throw new AppError('conflict', 'This order was paid or canceled meanwhile: see your orders.');
  }
}

export type PaymentReport = {
  orderId: string;
  provider: PaymentProviderName;
  paymentId: string;
  /** Cents, and the three-letter currency, as the provider reports them. */
  amount: number;
  currency: string;
  at?: Date;
  notify: Notify;
};

export type FulfilOutcome =
  | 'fulfilled'
  /** Paid already: nothing changed. */
  | 'already'
  /** Not this order's payment, or not its amount: left unpaid and flagged for staff. */
  | 'mismatch'
  /** Paid after the reservation lapsed and the stock was gone: flagged, and the caller refunds. */
  | 'refund'
  /** Canceled and refunded, and that refund failed: staff pay the customer back; nothing changes. */
  | 'refund-failed'
  | 'unknown';

/** What an order's emails say: the order, its lines, the customer and the shop; null without a customer. */
export async function emailFacts(
  db: Executor,
  order: OrderRow,
  { publicUrl, timeZone }: EmailSite,
): Promise<OrderEmailFacts | null> {
  const { customer, shop } = await findOrderParties(db, order.userId);
  if (!customer) return null;
  const lines = await listLinesOfOrder(db, order.id);
  return { order, lines, customer, shop, publicUrl, timeZone };
}

async function queueOrderEmail(
  db: Executor,
  order: OrderRow,
  notify: Notify,
  kind: 'confirmation' | 'ready' | 'refunded',
  render: (facts: OrderEmailFacts) => Email,
) {
  if (!notify) return;
  const facts = await emailFacts(db, order, notify);
  if (facts) await enqueueEmail(db, `order-${kind}:${order.id}`, render(facts));
}

/**
 * Tells the customer of an order canceled for a payment that did not match it that it was refunded,
 * and how much (`paid`, the payment as the provider reports it).
 */
export async function queueMismatchRefundedEmail(
  db: Executor,
  orderId: string,
  notify: Notify,
  paid: { amount: number; currency: string },
) {
  const order = await findOrder(db, orderId);
  if (order) {
    await queueOrderEmail(db, order, notify, 'refunded', (facts) =>
      paymentRefundedEmail(facts, 'mismatch', paid),
    );
  }
}

/**
 * Alerts the shop to something about an order, once per `key`, in the caller's transaction: sent to
 * SHOP_ALERT_EMAIL, or the shop's own email setting.
 */
export async function queueShopAlert(
  db: Executor,
  order: OrderRow,
  notify: Notify,
  key: string,
  render: (facts: OrderEmailFacts, to: string) => Email,
) {
  if (!notify) return;
  const facts = await emailFacts(db, order, notify);
  const to = notify.shopAlertEmail ?? facts?.shop?.email;
  if (facts && to) await enqueueEmail(db, key, render(facts, to));
}

/** Takes the stock of a canceled order again; false (and nothing taken) when any size is short. */
async function retake(db: Executor, lines: OrderLineRow[]): Promise<boolean> {
  try {
    await db.transaction(async (tx) => {
      for (const line of [...lines].sort(byStockRow)) {
        if (!(await takeStock(tx, line.productId, line.size, line.quantity))) throw new ShortOfStock();
      }
    });
    return true;
  } catch (error) {
    if (error instanceof ShortOfStock) return false;
    throw error;
  }
}
class ShortOfStock extends Error {}

/**
 * A payment succeeded: the order moves to processing, gets one printing item per unit owned by the
 * buyer, logs 'Payment received' and queues the confirmation email. Idempotent: a paid order is
 * left alone. A payment that does not match the order leaves it unpaid and flagged; one that
 * arrives after the sweep canceled the order takes the stock again, or, when it is gone, flags the
 * order and answers 'refund' so the caller gives the money back; once that refund has failed, it
 * answers 'refund-failed' and changes nothing. Never oversells.
 */
export async function fulfil(db: Executor, report: PaymentReport): Promise<FulfilOutcome> {
  const at = report.at ?? new Date();
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, report.orderId);
    if (!order) return 'unknown';
    if (order.status !== 'pending' && order.status !== 'canceled') return 'already';
    // Its refund failed (noteRefundFailed) and staff are told to pay the customer back another way: a
    // redelivery must neither refund it again (both would reach the customer) nor mark it paid.
    if (
      order.status === 'canceled' &&
      order.paymentProvider === report.provider &&
      order.paymentId === report.paymentId &&
      isRefundFailedMessage(order.attention)
    )
      return 'refund-failed';
    if (
      order.paymentProvider !== report.provider ||
      order.paymentId !== report.paymentId ||
      !paidAsOrdered(order.total, report)
    ) {
      const attention = `Payment ${report.paymentId} of ${report.amount} ${report.currency} does not match this order (total ${order.total} usd); not marked paid`;
      // Said once in the order's log, where staff and the customer look, however often it is delivered.
      if (order.attention !== attention) {
        await updateOrder(tx, order.id, { attention, updatedAt: at });
        await insertLog(tx, { orderId: order.id, at, actorUserId: null, message: MISMATCHED_PAYMENT_HELD });
      }
      return 'mismatch';
    }
    // A refund once decided stands: a later delivery of the same payment must not take stock that has
    // come back since and mark a refunded order paid.
    if (order.status === 'canceled' && order.attention === LATE_PAYMENT_REFUNDED) return 'refund';
    const lines = await listLinesOfOrder(tx, order.id);
    if (order.status === 'canceled' && !(await retake(tx, lines))) {
      if (order.attention !== LATE_PAYMENT_REFUNDED) {
        const refunded = await updateOrder(tx, order.id, { attention: LATE_PAYMENT_REFUNDED, updatedAt: at });
        await insertLog(tx, { orderId: order.id, at, actorUserId: null, message: LATE_PAYMENT_REFUNDED });
        await queueOrderEmail(tx, refunded, report.notify, 'refunded', (facts) =>
          paymentRefundedEmail(facts, 'late', report),
        );
      }
      return 'refund';
    }
    const paid = await updateOrder(tx, order.id, { status: 'processing', expiresAt: null, updatedAt: at });
    await insertItems(
      tx,
      lines.flatMap((line) =>
        Array.from({ length: line.quantity }, () => ({
          productId: line.productId,
          size: line.size,
          status: 'printing',
          ownerUserId: order.userId,
          orderId: order.id,
          createdAt: at,
        })),
      ),
    );
    await insertLog(tx, { orderId: order.id, at, actorUserId: null, message: PAYMENT_RECEIVED_MESSAGE });
    await queueOrderEmail(tx, paid, report.notify, 'confirmation', orderConfirmationEmail);
    await queueShopAlert(tx, paid, report.notify, `order-paid-alert:${order.id}`, paidOrderAlertEmail);
    return 'fulfilled';
  });
}

export type StatusChange = {
  orderId: string;
  to: OrderStatus;
  actorUserId: string | null;
  at?: Date;
  notify: Notify;
};

/**
 * Staff move a paid order along its delivery method's statuses (contract `canTransition`; 409
 * otherwise, 404 for no order), logged as 'Order status updated from X to Y' with who did it. An
 * order ready, shipped or delivered has its items printed; a pickup order ready emails the customer.
 */
export async function changeStatus(db: Executor, change: StatusChange): Promise<OrderRow> {
  const at = change.at ?? new Date();
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, change.orderId);
    if (!order) throw new AppError('not_found', 'No such order.');
    const from = order.status as OrderStatus;
    if (!canTransition(order.deliveryMethod as DeliveryMethod, from, change.to)) {
      throw new AppError('conflict', `An order cannot go from ${from} to ${change.to}.`);
    }
    const updated = await updateOrder(tx, order.id, { status: change.to, updatedAt: at });
    if (change.to !== 'processing') await setItemsOfOrderReady(tx, order.id);
    await insertLog(tx, {
      orderId: order.id,
      at,
      actorUserId: change.actorUserId,
      message: statusChangeMessage(from, change.to),
    });
    if (change.to === 'ready') await queueOrderEmail(tx, updated, change.notify, 'ready', orderReadyEmail);
    return updated;
  });
}

/**
 * Cancels a pending order and returns its stock, exactly once: the order row is claimed with SKIP
 * LOCKED and must still be pending (and, with `expiredBefore`, past its reservation; with
 * `paymentId`, still paid through that payment, not one that replaced it). True when this call
 * canceled it.
 */
export async function cancelPending(
  db: Executor,
  input: { orderId: string; message: string; expiredBefore?: Date; paymentId?: string; at?: Date },
): Promise<boolean> {
  const at = input.at ?? new Date();
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId, { skipLocked: true });
    if (order?.status !== 'pending') return false;
    if (input.expiredBefore && !(order.expiresAt && order.expiresAt < input.expiredBefore)) return false;
    if (input.paymentId && order.paymentId !== input.paymentId) return false;
    for (const line of (await listLinesOfOrder(tx, order.id)).sort(byStockRow)) {
      await returnStock(tx, line.productId, line.size, line.quantity);
    }
    await updateOrder(tx, order.id, { status: 'canceled', expiresAt: null, updatedAt: at });
    await insertLog(tx, { orderId: order.id, at, actorUserId: null, message: input.message });
    return true;
  });
}

/** A payment attempt failed: noted on a pending order, which keeps its reservation for a retry. */
export async function notePaymentFailed(db: Executor, orderId: string, reason: string, at = new Date()) {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order?.status !== 'pending') return;
    await insertLog(tx, { orderId, at, actorUserId: null, message: paymentFailedMessage(reason) });
  });
}

/**
 * Money given back on a paid order outside the shop, in the payment provider's dashboard: said in
 * the order's log, where staff handing it over and the customer look, dated when it was made, so
 * refunds delivered out of order still read in order. `refunded` is all refunded so far as of `at`
 * (the provider's figure then), kept on the order for the overview's revenue and the CSV export: the
 * latest figure wins, less the refunds it counts that have failed since (noteRefundFailed). Its
 * status, items and stock stay as they are: whether the goods go back is for staff to settle with
 * the customer. Refunds of canceled orders,
 * and of pending ones held for a mismatched payment, are the shop's own, logged when they were
 * decided. A refund of any other pending order is of a payment not recorded yet (its event still on
 * its way): 'unpaid', for the caller to hear of it again later.
 */
export async function noteRefund(
  db: Executor,
  input: { provider: string; paymentId: string; refunded: number; at: Date },
): Promise<'noted' | 'unpaid' | 'shop-made'> {
  return db.transaction(async (tx) => {
    const order = await lockOrderOfPayment(tx, input.provider, input.paymentId);
    if (!order || order.status === 'canceled') return 'shop-made';
    if (order.status === 'pending') return order.attention ? 'shop-made' : 'unpaid';
    const message = providerRefundMessage(input.refunded, order.total);
    await insertLog(tx, { orderId: order.id, at: input.at, actorUserId: null, message });
    // Each event carries the charge's figure when it was sent, and events may come out of order: the
    // latest wins, as a refund that fails lowers the charge's figure (the largest would keep counting
    // it). Two of one second: the larger, as within a second refunds are made, not failed.
    const since = order.refundedAt?.getTime() ?? Number.NEGATIVE_INFINITY;
    if (input.at.getTime() < since) return 'noted';
    const refunded = Math.max(0, input.refunded - (await failedRefundsCountedAt(tx, order.id, input.at)));
    if (input.at.getTime() > since || refunded > order.refunded)
      await updateOrder(tx, order.id, { refunded, refundedAt: input.at, updatedAt: input.at });
    return 'noted';
  });
}

export type FailedRefund = {
  provider: string;
  paymentId: string;
  /** The provider's id of the refund: each is said once, whichever of its events comes. */
  refundId: string;
  amount: number;
  /** The provider's reason (Stripe's `failure_reason`), put in words by refundFailedMessage. */
  reason: string | null;
  /** When the refund was made, and when it failed. */
  madeAt: Date;
  at: Date;
  notify: Notify;
};

/**
 * A refund the payment provider took and then could not pay out (the card was closed, the bank
 * refused it): the money is back in the shop's balance and none reached the customer, who was told
 * otherwise. Said once per refund in the order's log, dated when it failed, and set as the order's
 * attention, which staff must act on (`attentionSince`; the shop is emailed), so they pay the
 * customer back another way and say so (settleAttention); `refunded` stops counting it. Refunds of
 * canceled orders (the shop's own, of a late or mismatched payment) fail alike and are said alike;
 * those orders count no refunds. A pending order's is 'unpaid', for the caller to hear of it again
 * later: its payment is not recorded yet, or the sweep that refunded it is about to cancel it.
 */
export async function noteRefundFailed(
  db: Executor,
  input: FailedRefund,
): Promise<'noted' | 'already' | 'unpaid' | 'unknown'> {
  return db.transaction(async (tx) => {
    const order = await lockOrderOfPayment(tx, input.provider, input.paymentId);
    if (!order) return 'unknown';
    if (order.status === 'pending') return 'unpaid';
    const fresh = await insertFailedRefund(tx, {
      id: input.refundId,
      orderId: order.id,
      amount: input.amount,
      madeAt: input.madeAt,
      failedAt: input.at,
    });
    if (!fresh) return 'already';
    const message = refundFailedMessage(input.amount, input.reason);
    await insertLog(tx, { orderId: order.id, at: input.at, actorUserId: null, message });
    // The figure kept counts this refund only if it was counted while the refund stood. One counted
    // later, or delivered after this, is taken less it (noteRefund).
    const counted =
      order.refundedAt !== null && input.madeAt <= order.refundedAt && order.refundedAt < input.at;
    const updated = await updateOrder(tx, order.id, {
      attention: message,
      // A second failure after staff settled the first needs them again.
      attentionSince: input.at,
      updatedAt: input.at,
      ...(counted ? { refunded: Math.max(0, order.refunded - input.amount) } : {}),
    });
    await queueShopAlert(tx, updated, input.notify, `refund-failed-alert:${input.refundId}`, (facts, to) =>
      refundFailedAlertEmail(facts, to, message),
    );
    return 'noted';
  });
}

/**
 * Since when someone at the shop must act on the order, as of `at`: kept while a refund that failed
 * waits to be paid back or a dispute waits for the shop's answer, null once neither does.
 */
export async function attentionSince(tx: Executor, order: OrderRow, at: Date): Promise<Date | null> {
  const waiting =
    (await hasUnsettledFailedRefunds(tx, order.id)) ||
    (await hasDisputeIn(tx, order.id, DISPUTE_NEEDS_RESPONSE));
  return waiting ? (order.attentionSince ?? at) : null;
}

/**
 * Staff paid back the customer of an order needing them another way: the refunds that failed since
 * they last did, in all. Said in the order's log with their note and who did it, which its customer
 * reads; a paid order counts it in `paidBack` (a canceled one counts no refunds, as its payment was
 * never the shop's); the order needs nobody any more, unless a dispute waits for the shop's answer.
 * 409 when no refund waits to be paid back (another member of staff settled it meanwhile).
 */
export async function settleAttention(
  db: Executor,
  input: { orderId: string; note: string; actorUserId: string; at?: Date },
): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId);
    if (!order) throw new AppError('not_found', 'No such order.');
    if (!order.attentionSince) {
      throw new AppError('conflict', 'This order needs nothing from staff now: reload it to see the latest.');
    }
    // The failure is dated by the provider's clock: after it, so the log reads in order even if ours
    // is behind.
    const now = (input.at ?? new Date()).getTime();
    const at = new Date(Math.max(now, order.attentionSince.getTime() + 1));
    const cents = await settleFailedRefunds(tx, order.id, at);
    if (cents === null) {
      throw new AppError(
        'conflict',
        "No refund of this order waits to be paid back: a dispute is answered in Stripe's dashboard.",
      );
    }
    const settled = await updateOrder(tx, order.id, {
      attentionSince: await attentionSince(tx, order, at),
      updatedAt: at,
      ...(order.status === 'canceled' ? {} : { paidBack: order.paidBack + cents }),
    });
    await insertLog(tx, {
      orderId: order.id,
      at,
      actorUserId: input.actorUserId,
      message: paidBackMessage(cents, input.note),
    });
    return settled;
  });
}

export type PlaceOrderInput = {
  userId: string;
  lines: PaymentLine[];
  /** Where the order ends up; it goes through every status before it. */
  status?: OrderStatus;
  salesTaxRate?: number;
  createdAt?: Date;
  /** Who moved it along, for the log. */
  actorUserId?: string | null;
};

// The statuses a paid order passes through, by delivery method (DESIGN.md section 6).
const PATHS: Record<DeliveryMethod, readonly OrderStatus[]> = {
  pickup: ['processing', 'ready', 'delivered'],
  delivery: ['processing', 'shipped', 'delivered'],
};

/**
 * An order placed and paid through the demo provider and moved along to `status`, as if it had
 * happened from `createdAt` on (status changes a day apart, never later than now); no emails.
 * For sample data and tests: the same steps as a real checkout.
 */
export async function placeOrder(db: Executor, input: PlaceOrderInput): Promise<OrderRow> {
  const status = input.status ?? 'processing';
  const createdAt = input.createdAt ?? new Date();
  let order = await reserve(db, {
    userId: input.userId,
    lines: input.lines,
    salesTaxRate: input.salesTaxRate ?? 0,
    provider: 'demo',
    at: createdAt,
  });
  order = await updateOrder(db, order.id, { paymentId: `demo_${order.id}` });
  if (status === 'pending') return order;
  if (status === 'canceled') {
    await cancelPending(db, { orderId: order.id, message: RESERVATION_EXPIRED_MESSAGE, at: createdAt });
    return order;
  }
  await fulfil(db, {
    orderId: order.id,
    provider: 'demo',
    paymentId: order.paymentId!,
    amount: order.total,
    currency: 'usd',
    at: createdAt,
    notify: null,
  });
  const path = PATHS[order.deliveryMethod as DeliveryMethod];
  const steps = path.slice(0, Math.max(1, path.indexOf(status) + 1));
  const gap = Math.min(86_400_000, Math.max(0, Date.now() - createdAt.getTime()) / steps.length);
  for (const [i, to] of steps.slice(1).entries()) {
    order = await changeStatus(db, {
      orderId: order.id,
      to,
      actorUserId: input.actorUserId ?? null,
      at: new Date(createdAt.getTime() + (i + 1) * gap),
      notify: null,
    });
  }
  return order;
}
