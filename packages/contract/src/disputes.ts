import { z } from 'zod';
import { formatCents } from './format.ts';

/**
 * Where a card holder's dispute of an order's payment stands, as Stripe says (a Dispute's `status`).
 * `warning_*` is an inquiry, which the bank may or may not turn into a dispute.
 */
export const DISPUTE_STATUSES = [
  'warning_needs_response',
  'warning_under_review',
  'warning_closed',
  'needs_response',
  'under_review',
  'won',
  'lost',
  'prevented',
] as const;

/** The statuses in which the shop must answer, in Stripe's dashboard, before the bank decides without its evidence. */
export const DISPUTE_NEEDS_RESPONSE: readonly string[] = ['needs_response', 'warning_needs_response'];

export function disputeNeedsResponse(status: string): boolean {
  return DISPUTE_NEEDS_RESPONSE.includes(status);
}

/** The bank has decided, or the inquiry ended: nothing more will happen to it. */
export function disputeClosed(status: string): boolean {
  return ['won', 'lost', 'warning_closed', 'prevented'].includes(status);
}

/** Stripe's reasons for a dispute, in words staff and the customer read. */
const DISPUTE_REASONS = new Map([
  ['fraudulent', 'the card holder says they did not make the payment'],
  ['unrecognized', 'the card holder does not recognize the payment'],
  ['product_not_received', 'the card holder says the goods never came'],
  ['product_unacceptable', 'the card holder says the goods were not as described'],
  ['duplicate', 'the card holder says they were charged twice'],
  ['credit_not_processed', 'the card holder says a promised refund never came'],
  ['subscription_canceled', 'the card holder says they canceled'],
  ['general', 'no reason given'],
]);

export function disputeReasonWords(reason: string): string {
  return DISPUTE_REASONS.get(reason) ?? `Stripe's reason: ${reason.replaceAll('_', ' ')}`;
}

/** The order log's line when a dispute (or an inquiry) of its payment is opened. */
export function disputeOpenedMessage(amountCents: number, reason: string, status: string): string {
  const what = status.startsWith('warning_')
    ? "The card holder's bank asked about"
    : "The card holder's bank disputed";
  return `${what} ${formatCents(amountCents)} of the payment (${disputeReasonWords(reason)})`;
}

/** The order log's line when a dispute ends; null for a status that is not an end. */
export function disputeClosedMessage(amountCents: number, status: string): string | null {
  if (!disputeClosed(status)) return null;
  const amount = formatCents(amountCents);
  if (status === 'won') return `Dispute decided for the shop: the payment of ${amount} stands`;
  if (status === 'lost') return `Dispute decided for the card holder: their bank took back ${amount}`;
  return `The bank's question about ${amount} of the payment was closed without a dispute`;
}

/** GET /orders/:id, staff only: the latest dispute of the order's payment. */
export const DisputeViewSchema = z.object({
  amount: z.number().int().nonnegative(),
  /** Stripe's reason, in words (disputeReasonWords). */
  reason: z.string(),
  status: z.enum(DISPUTE_STATUSES),
  needsResponse: z.boolean(),
  /** When the bank stops taking the shop's evidence; null once it no longer does. */
  evidenceDueBy: z.iso.datetime().nullable(),
  /** Where staff answer it: the dispute in Stripe's dashboard. */
  answerUrl: z.string(),
  openedAt: z.iso.datetime(),
});
export type DisputeView = z.infer<typeof DisputeViewSchema>;
