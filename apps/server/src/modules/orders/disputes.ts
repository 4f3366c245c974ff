/**
 * Card holders' disputes of orders' payments (chargebacks), as the payment provider reports them.
 * The shop answers them in the provider's dashboard, not here: the order's log says what happened,
 * the order needs staff while the bank waits for the shop's answer (and the shop is emailed), and a
 * lost dispute's amount is counted out of the revenue like a refund.
 */

import {
  DISPUTE_STATUSES,
  type DisputeView,
  disputeClosed,
  disputeClosedMessage,
  disputeNeedsResponse,
  disputeOpenedMessage,
  disputeReasonWords,
} from '@barbershop/contract';
import type { Executor } from '@barbershop/db';
import { disputeAlertEmail } from '../mail/order-emails.ts';
import { type DisputeRow, findLatestDispute, lockDispute, saveDispute } from './disputes.repository.ts';
import { insertLog, lockOrderOfPayment, updateOrder } from './lifecycle.repository.ts';
import { attentionSince, type Notify, queueShopAlert } from './order-lifecycle.ts';

export type DisputeReport = {
  provider: string;
  paymentId: string;
  /** The provider's id of the dispute: its events are one dispute's. */
  disputeId: string;
  amount: number;
  /** The provider's reason (Stripe's `reason`), put in words by disputeReasonWords. */
  reason: string;
  status: string;
  /** When the bank opened it, and the time of the event that says `status`. */
  openedAt: Date;
  at: Date;
  evidenceDueBy: Date | null;
  livemode: boolean;
  notify: Notify;
};

/** Where staff answer a dispute: its page in Stripe's dashboard, on the test side for a test one. */
export function disputeAnswerUrl(dispute: Pick<DisputeRow, 'id' | 'livemode'>): string {
  return `https://dashboard.stripe.com/${dispute.livemode ? '' : 'test/'}disputes/${dispute.id}`;
}

/**
 * A dispute as one of its events says it stands. Said in the order's log when it opens (dated when
 * the bank opened it) and when it ends; an event older than the last one heard, or of a dispute that
 * has ended, changes nothing ('stale'). While it needs the shop's answer the order needs staff, and
 * the shop is emailed once for an inquiry and once for a dispute. A lost one's amount is the order's
 * `chargedBack` (a canceled order's payment was never the shop's: it counts none). A pending order's
 * is 'unpaid', for the caller to hear of it again once its payment is recorded.
 */
export async function noteDispute(
  db: Executor,
  input: DisputeReport,
): Promise<'noted' | 'stale' | 'unpaid' | 'unknown'> {
  return db.transaction(async (tx) => {
    const order = await lockOrderOfPayment(tx, input.provider, input.paymentId);
    if (!order) return 'unknown';
    if (order.status === 'pending' && !order.attention) return 'unpaid';
    const before = await lockDispute(tx, input.disputeId);
    if (before && (disputeClosed(before.status) || before.statusAt > input.at)) return 'stale';
    const dispute: DisputeRow = {
      id: input.disputeId,
      orderId: order.id,
      amount: input.amount,
      reason: input.reason,
      status: input.status,
      statusAt: input.at,
      openedAt: before?.openedAt ?? input.openedAt,
      evidenceDueBy: input.evidenceDueBy,
      livemode: input.livemode,
    };
    await saveDispute(tx, dispute);
    const log = (at: Date, message: string) =>
      insertLog(tx, { orderId: order.id, at, actorUserId: null, message });
    if (!before) await log(dispute.openedAt, disputeOpenedMessage(input.amount, input.reason, input.status));
    const ended = disputeClosedMessage(input.amount, input.status);
    if (ended) await log(input.at, ended);
    const lost = input.status === 'lost' && order.status !== 'canceled';
    const updated = await updateOrder(tx, order.id, {
      attentionSince: await attentionSince(tx, order, input.at),
      updatedAt: input.at,
      ...(lost ? { chargedBack: order.chargedBack + input.amount } : {}),
    });
    if (disputeNeedsResponse(input.status) && before?.status !== input.status) {
      const message = disputeOpenedMessage(input.amount, input.reason, input.status);
      await queueShopAlert(
        tx,
        updated,
        input.notify,
        `dispute-alert:${input.disputeId}:${input.status}`,
        (facts, to) =>
          disputeAlertEmail(facts, to, {
            message,
            evidenceDueBy: input.evidenceDueBy,
            answerUrl: disputeAnswerUrl(dispute),
          }),
      );
    }
    return 'noted';
  });
}

/** The order's latest dispute, as staff see it on its page; null when its payment was never disputed. */
export async function disputeViewOf(db: Executor, orderId: string): Promise<DisputeView | null> {
  const dispute = await findLatestDispute(db, orderId);
  if (!dispute) return null;
  // A status Stripe adds later reads as under review until this code knows it.
  const status = (DISPUTE_STATUSES as readonly string[]).includes(dispute.status)
    ? (dispute.status as DisputeView['status'])
    : 'under_review';
  const needsResponse = disputeNeedsResponse(status);
  return {
    amount: dispute.amount,
    reason: disputeReasonWords(dispute.reason),
    status,
    needsResponse,
    evidenceDueBy: needsResponse && dispute.evidenceDueBy ? dispute.evidenceDueBy.toISOString() : null,
    answerUrl: disputeAnswerUrl(dispute),
    openedAt: dispute.openedAt.toISOString(),
  };
}
