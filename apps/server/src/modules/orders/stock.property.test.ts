import { schema } from '@barbershop/db';
import { createProduct, createUser } from '@barbershop/db/factories';
import { openTestDatabase } from '@barbershop/db/testing';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../plugins/errors.ts';
import { findPendingOrderOfUser, updateOrder } from './lifecycle.repository.ts';
import {
  cancelPending,
  fulfil,
  PAYMENT_CANCELED_MESSAGE,
  RESERVATION_EXPIRED_MESSAGE,
  reserve,
} from './order-lifecycle.ts';

const SIZE = 'One Size Fits All';
const UNITS = 6;

type Step =
  | { kind: 'reserve'; customer: number; quantity: number }
  | { kind: 'release' | 'expire' | 'fulfil'; customer: number };

const customer = fc.integer({ min: 0, max: 2 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('reserve' as const), customer, quantity: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ kind: fc.constantFrom('release' as const, 'expire' as const, 'fulfil' as const), customer }),
);

/**
 * Random sequences of the lifecycle's stock moves (reserve, release, fulfil, expire, and a payment
 * arriving after its order was canceled) against the real lifecycle and database: stock on hand is
 * never negative, and units on hand + reserved by pending orders + sold (items) stay what they were.
 */
describe('stock reservation, property-based', () => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(() => handle.close());

  async function counts(productId: string) {
    const db = handle.db;
    const [stock] = await db
      .select({ n: sql<number>`coalesce(sum(${schema.productStock.quantity}), 0)::int` })
      .from(schema.productStock)
      .where(eq(schema.productStock.productId, productId));
    const [reserved] = await db
      .select({ n: sql<number>`coalesce(sum(${schema.orderLines.quantity}), 0)::int` })
      .from(schema.orderLines)
      .innerJoin(schema.orders, eq(schema.orders.id, schema.orderLines.orderId))
      .where(and(eq(schema.orderLines.productId, productId), eq(schema.orders.status, 'pending')));
    const [sold] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.productItems)
      .where(eq(schema.productItems.productId, productId));
    return { stock: stock!.n, reserved: reserved!.n, sold: sold!.n };
  }

  /** What one customer's pending order holds: a new checkout of theirs gives it back first. */
  async function heldBy(userId: string) {
    const [held] = await handle.db
      .select({ n: sql<number>`coalesce(sum(${schema.orderLines.quantity}), 0)::int` })
      .from(schema.orderLines)
      .innerJoin(schema.orders, eq(schema.orders.id, schema.orderLines.orderId))
      .where(and(eq(schema.orders.userId, userId), eq(schema.orders.status, 'pending')));
    return held!.n;
  }

  it('never oversells, never refuses what is there, and never loses a unit, whatever the order of moves', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const db = handle.db;
        const product = await createProduct(db, { category: 'Hats' }, { stock: { [SIZE]: UNITS } });
        const customers = await Promise.all([0, 1, 2].map(() => createUser(db)));
        // The last order each customer had, so a payment can arrive after its order was canceled.
        const last = new Map<number, { id: string; total: number; paymentId: string }>();
        for (const move of steps) {
          const userId = customers[move.customer]!.id;
          if (move.kind === 'reserve') {
            const available = (await counts(product.id)).stock + (await heldBy(userId));
            let reserved = false;
            try {
              const order = await reserve(db, {
                userId,
                lines: [{ _id: product.id, size: SIZE, quantity: move.quantity }],
                salesTaxRate: 0,
                provider: 'demo',
              });
              const paid = await updateOrder(db, order.id, { paymentId: `demo_${order.id}` });
              last.set(move.customer, { id: paid.id, total: paid.total, paymentId: paid.paymentId! });
              reserved = true;
            } catch (error) {
              // Short of stock is the one refusal expected here.
              if (!(error instanceof AppError) || error.code !== 'conflict') throw error;
            }
            // Taken exactly when the units are there: no oversell, and no sale refused.
            expect(reserved).toBe(move.quantity <= available);
          } else if (move.kind === 'fulfil') {
            const order = last.get(move.customer);
            if (order) {
              await fulfil(db, {
                orderId: order.id,
                provider: 'demo',
                paymentId: order.paymentId,
                amount: order.total,
                currency: 'usd',
                notify: null,
              });
            }
          } else {
            const pending = await findPendingOrderOfUser(db, userId);
            if (pending) {
              await cancelPending(db, {
                orderId: pending.id,
                message: move.kind === 'expire' ? RESERVATION_EXPIRED_MESSAGE : PAYMENT_CANCELED_MESSAGE,
                ...(move.kind === 'expire' ? { expiredBefore: new Date(Date.now() + 31 * 60_000) } : {}),
              });
            }
          }
          const now = await counts(product.id);
          expect(now.stock).toBeGreaterThanOrEqual(0);
          expect(now.stock + now.reserved + now.sold).toBe(UNITS);
        }
      }),
      { numRuns: 30 },
    );
  }, 60_000);
});
