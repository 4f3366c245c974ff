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
import { noteRefund, placeOrder } from '../modules/orders/order-lifecycle.ts';

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
