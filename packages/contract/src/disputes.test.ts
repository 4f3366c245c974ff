import { describe, expect, it } from 'vitest';
import {
  DISPUTE_STATUSES,
  disputeClosed,
  disputeClosedMessage,
  disputeNeedsResponse,
  disputeOpenedMessage,
  disputeReasonWords,
} from './disputes.ts';

describe('disputes', () => {
  it('needs the shop while the bank waits for its answer, and ends once decided or let go', () => {
    const waiting = DISPUTE_STATUSES.filter(disputeNeedsResponse);
    const ended = DISPUTE_STATUSES.filter(disputeClosed);
    expect(waiting).toEqual(['warning_needs_response', 'needs_response']);
    expect(ended).toEqual(['warning_closed', 'won', 'lost', 'prevented']);
    // Under review, the shop has answered and the bank has not decided: neither.
    expect(disputeNeedsResponse('under_review') || disputeClosed('under_review')).toBe(false);
  });

  it('says in words how a dispute opened and ended, and no end while it goes on', () => {
    expect(disputeOpenedMessage(5500, 'fraudulent', 'needs_response')).toBe(
      "The card holder's bank disputed $55.00 of the payment (the card holder says they did not make the payment)",
    );
    expect(disputeOpenedMessage(5500, 'general', 'warning_needs_response')).toBe(
      "The card holder's bank asked about $55.00 of the payment (no reason given)",
    );
    expect(disputeClosedMessage(5500, 'won')).toBe(
      'Dispute decided for the shop: the payment of $55.00 stands',
    );
    expect(disputeClosedMessage(5500, 'lost')).toBe(
      'Dispute decided for the card holder: their bank took back $55.00',
    );
    expect(disputeClosedMessage(5500, 'warning_closed')).toBe(
      "The bank's question about $55.00 of the payment was closed without a dispute",
    );
    expect(disputeClosedMessage(5500, 'under_review')).toBeNull();
  });

  it("gives a reason Stripe adds later in Stripe's own words", () => {
    expect(disputeReasonWords('customer_initiated')).toBe("Stripe's reason: customer initiated");
  });
});
