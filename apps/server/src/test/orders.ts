import type { OrderStatus, Size } from '@barbershop/contract';
import type { Executor } from '@barbershop/db';
import {
  findOrder,
  listItemsOfOrder,
  listLinesOfOrder,
  listLogOfOrder,
  type OrderLineRow,
  type OrderLogRow,
  type OrderRow,
  type ProductItemRow,
} from '../modules/orders/lifecycle.repository.ts';
import { type Notify, noteRefund, noteRefundFailed, placeOrder } from '../modules/orders/order-lifecycle.ts';

export type OrderFixture = OrderRow & { lines: OrderLineRow[]; items: ProductItemRow[]; log: OrderLogRow[] };

export type OrderInput = {
  userId: string;
  lines: { product: { id: string }; size: Size; quantity: number }[];
  status?: OrderStatus;
  salesTaxRate?: number;
  createdAt?: Date;
  actorUserId?: string | null;
};

/**
 * An order placed through the real lifecycle (reserve, demo payment, status changes), so tests
 * see what a checkout leaves behind. It takes stock like a checkout does.
 */
export async function createOrder(db: Executor, input: OrderInput): Promise<OrderFixture> {
  const placed = await placeOrder(db, {
    ...input,
    lines: input.lines.map((line) => ({ _id: line.product.id, size: line.size, quantity: line.quantity })),
  });
  const order = (await findOrder(db, placed.id))!;
  const [lines, items, log] = await Promise.all([
    listLinesOfOrder(db, order.id),
    listItemsOfOrder(db, order.id),
    listLogOfOrder(db, order.id),
  ]);
  return { ...order, lines, items, log };
}

/** `cents` refunded so far on a demo-paid order, as a refund made in the provider's dashboard reports it. */
export function refundOrder(db: Executor, order: Pick<OrderRow, 'paymentId'>, cents: number) {
  return noteRefund(db, { provider: 'demo', paymentId: order.paymentId!, refunded: cents, at: new Date() });
}

/**
 * A refund of `cents` on a demo-paid order, made `seconds` ago and failed now (the card was closed),
 * as the provider reports it; `refundId` tells refunds apart.
 */
export function failRefund(
  db: Executor,
  order: Pick<OrderRow, 'paymentId'>,
  cents: number,
  { refundId = `re_${crypto.randomUUID()}`, notify = null as Notify, seconds = 60 } = {},
) {
  const at = new Date();
  return noteRefundFailed(db, {
    provider: 'demo',
    paymentId: order.paymentId!,
    refundId,
    amount: cents,
    reason: 'expired_or_canceled_card',
    madeAt: new Date(at.getTime() - seconds * 1000),
    at,
    notify,
  });
}
