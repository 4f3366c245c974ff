import {
  type ItemStatus,
  isUuid,
  type OrderStatus,
  type OrderSummary,
  type OrderView,
  type Size,
} from '@barbershop/contract';
import type { Executor } from '@barbershop/db';
import { isStaff, type SessionUser } from '../../plugins/access.ts';
import { AppError } from '../../plugins/errors.ts';
import { imageFromKey } from '../media/images.ts';
import { disputeViewOf } from './disputes.ts';
import { hasUnsettledFailedRefunds, type OrderRow } from './lifecycle.repository.ts';
import {
  findOrderWithCustomer,
  listOrderItems,
  listOrderLines,
  listOrderLog,
  listOrdersOfUser,
} from './orders.repository.ts';

/** A user's orders for their account page (SPEC.md section 7: _id, total, date, status). */
export async function listOrdersOf(db: Executor, userId: string): Promise<OrderSummary[]> {
  const rows = await listOrdersOfUser(db, userId);
  return rows.map((row) => ({
    _id: row.id,
    total: row.total,
    date: row.createdAt.toISOString(),
    status: row.status as OrderStatus,
  }));
}

/**
 * One order, for its owner or staff, who also see what went wrong with its payment and whether they
 * must act on it (`attention`, `needsAttention`, `paybackDue`, `dispute`). Anyone else gets the same 404 as for an order that
 * does not exist, so order ids cannot be probed.
 */
export async function getOrderFor(db: Executor, viewer: SessionUser, id: string): Promise<OrderView> {
  const found = isUuid(id) ? await findOrderWithCustomer(db, id) : null;
  if (!found || (found.order.userId !== viewer.id && !isStaff(viewer))) {
    throw new AppError('not_found', 'No such order.');
  }
  const { order, customer } = found;
  const [lines, items, log] = await Promise.all([
    listOrderLines(db, id),
    listOrderItems(db, id),
    listOrderLog(db, id),
  ]);
  return {
    _id: order.id,
    date: order.createdAt.toISOString(),
    status: order.status as OrderStatus,
    deliveryMethod: order.deliveryMethod as OrderView['deliveryMethod'],
    user: { gid: customer.id, name: customer.name, email: customer.email },
    subtotal: order.subtotal,
    salesTax: order.salesTax,
    shippingCost: order.shippingCost,
    total: order.total,
    shipping: order.shipping,
    products: lines.map(({ line, slug, inStore }) => ({
      _id: line.id,
      productId: line.productId,
      name: line.name,
      slug,
      inStore,
      image: imageFromKey(line.image, line.name),
      size: line.size as Size,
      unitPrice: line.unitPrice,
      quantity: line.quantity,
      items: items
        .filter((item) => item.productId === line.productId && item.size === line.size)
        .map((item) => ({ _id: item.id, size: item.size as Size, status: item.status as ItemStatus })),
    })),
    log: log.map((entry) => ({ at: entry.at.toISOString(), message: entry.message, actor: entry.actor })),
    ...(isStaff(viewer) ? await staffFacts(db, order) : {}),
  };
}

/** What only staff see of an order: what went wrong with its payment and what waits for them. */
async function staffFacts(db: Executor, order: OrderRow) {
  const [paybackDue, dispute] = await Promise.all([
    hasUnsettledFailedRefunds(db, order.id),
    disputeViewOf(db, order.id),
  ]);
  return { attention: order.attention, needsAttention: order.attentionSince !== null, paybackDue, dispute };
}
