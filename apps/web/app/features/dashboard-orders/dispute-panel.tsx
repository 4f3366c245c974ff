import type { DisputeView } from '@barbershop/contract';
import { formatCents, formatDateTime } from '@barbershop/contract/format';
import { alertClass } from '../../components/alert.tsx';
import { useTimeZone } from '../../lib/use-time-zone.ts';

/** What each status of a dispute asks of staff, headed as the orders list and the overview count it. */
function wording(
  dispute: DisputeView,
  due: string | null,
  handedOver: boolean,
): { heading: string; text: string } {
  const amount = formatCents(dispute.amount);
  const by = `Answer in Stripe${due ? ` by ${due}` : ''}`;
  // Goods still in the shop are not handed over to a payment the bank may take back.
  const answer = handedOver
    ? `${by} with what shows the customer had the goods (this order's history says when they were handed over). Unanswered, the bank decides for the card holder.`
    : `${by}; unanswered, the bank decides for the card holder. The goods have not been handed over: keep them until the bank decides.`;
  switch (dispute.status) {
    case 'needs_response':
      return {
        heading: 'Needs attention: payment disputed',
        text: `The card holder's bank disputes ${amount} of the payment: ${dispute.reason}. ${answer}`,
      };
    case 'warning_needs_response':
      return {
        heading: 'Needs attention: the bank asks about the payment',
        text: `The card holder's bank asks about ${amount} of the payment: ${dispute.reason}. ${answer}`,
      };
    case 'won':
      return {
        heading: 'Dispute won',
        text: `The bank decided for the shop: the payment of ${amount} stands.`,
      };
    case 'lost':
      return {
        heading: 'Dispute lost',
        text: `The bank decided for the card holder and took back ${amount}, which the revenue no longer counts.`,
      };
    case 'warning_closed':
    case 'prevented':
      return {
        heading: 'Question closed',
        text: `The bank's question about ${amount} of the payment was closed without a dispute.`,
      };
    default:
      return {
        heading: 'Payment disputed',
        text: `The bank is weighing the shop's answer on ${amount} of the payment (${dispute.reason}).`,
      };
  }
}

/**
 * A card holder's dispute of the order's payment, answered in Stripe's dashboard: while the bank
 * waits for the shop's answer it says by when, and what to do with goods not yet handed over, and
 * links there; afterwards it is a note.
 */
export function DisputePanel({ dispute, handedOver }: { dispute: DisputeView; handedOver: boolean }) {
  const timeZone = useTimeZone();
  const due = dispute.evidenceDueBy ? formatDateTime(dispute.evidenceDueBy, timeZone) : null;
  const { heading, text } = wording(dispute, due, handedOver);
  return (
    <section
      aria-labelledby="order-dispute"
      className={`mb-6 ${alertClass(dispute.needsResponse ? 'error' : 'info')}`}
    >
      <h2 id="order-dispute" className="text-lg">
        {heading}
      </h2>
      <p>{text}</p>
      <p className="mt-2">
        <a href={dispute.answerUrl} className="font-semibold underline underline-offset-4">
          {dispute.needsResponse ? 'Answer the dispute in Stripe' : 'See the dispute in Stripe'}
        </a>
      </p>
    </section>
  );
}
