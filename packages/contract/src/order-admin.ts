import { z } from 'zod';
import { DisputeViewSchema } from './disputes.ts';
import { DELIVERY_METHODS, ORDER_STATUSES } from './domain.ts';
import { oneLineText } from './format.ts';
import { OrderSchema, OrderSummarySchema } from './orders.ts';
import { SearchTextSchema } from './user-search.ts';

/** Orders per page of the staff list; keyset paging keeps every page as fast as the first. */
export const STAFF_ORDERS_PAGE = 50;
/** Wrong pickup codes accepted before the code locks until staff reissue it. */
export const PICKUP_CODE_TRIES = 5;
/** Digits of a pickup code: short enough to read aloud, guarded by the try limit. */
export const PICKUP_CODE_LENGTH = 6;
/** Characters a typed pickup code may take, its spaces and dashes included. */
export const PICKUP_CODE_MAX_TYPED = PICKUP_CODE_LENGTH * 4;

/**
 * A pickup code as staff type it at the counter, reduced to its digits: the spaces and dashes of a
 * code read out in groups or copied from an email go, and the letters O, I and l, which a code of
 * digits never holds, are the 0 and 1 they were taken for.
 */
export function normalizePickupCode(typed: string): string {
  return typed
    .replace(/[\s\p{Pd}.]/gu, '')
    .replace(/[oO]/g, '0')
    .replace(/[iIl]/g, '1');
}

/** GET /orders?scope=all: the filters of the staff orders list (also those of the CSV export). */
export const StaffOrdersQuerySchema = z.object({
  scope: z.literal('all'),
  status: z.enum(ORDER_STATUSES).optional(),
  /** An order id (or its start) or part of the customer's name or email, any case. */
  q: SearchTextSchema.optional(),
  /** `open`: only orders someone at the shop must act on (StaffOrderRow's `needsAttention`). */
  attention: z.literal('open').optional(),
  /** The `cursor` of the last row already shown: the page after it. */
  after: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(STAFF_ORDERS_PAGE),
});
export type StaffOrdersQuery = z.input<typeof StaffOrdersQuerySchema>;

/** A row of the staff orders list: the customer's summary row plus who bought it and how. */
export const StaffOrderRowSchema = OrderSummarySchema.extend({
  deliveryMethod: z.enum(DELIVERY_METHODS),
  customer: z.object({ gid: z.uuid(), name: z.string(), email: z.string() }),
  /** Opaque: pass it back as `after` for the next page. */
  cursor: z.string(),
  /** Someone at the shop must act on the order (OrderView's `needsAttention`); its page says why. */
  needsAttention: z.boolean(),
});
export type StaffOrderRow = z.infer<typeof StaffOrderRowSchema>;

/** PUT /orders/:id (staff): the new status, the log line the page showed, and the pickup code to hand over. */
export const UpdateOrderStatusSchema = z.strictObject({
  status: z.enum(ORDER_STATUSES),
  /**
   * 'Order status updated from X to Y' as the page wrote it (SPEC.md section 4). The server writes
   * its own line; a line naming another current status means the page is stale (409).
   */
  log: z.string().max(200).optional(),
  /**
   * Required to mark a pickup order delivered: the code the customer shows, as typed
   * (normalizePickupCode). Anything but its number of digits is refused before it counts as a wrong try.
   */
  pickupCode: z
    .string()
    .max(PICKUP_CODE_MAX_TYPED, 'is too long')
    .overwrite(normalizePickupCode)
    .regex(
      new RegExp(`^\\d{${PICKUP_CODE_LENGTH}}$`),
      `must be the ${PICKUP_CODE_LENGTH} digits of the pickup code`,
    )
    .optional(),
});
export type UpdateOrderStatus = z.infer<typeof UpdateOrderStatusSchema>;

/** A pickup order's code as its customer sees it (only the customer, only while it is ready). */
export const PickupCodeSchema = z.object({
  code: z.string(),
  /** What the customer's QR code opens for staff: the order's dashboard page with the code filled in. */
  handoverUrl: z.string(),
});
export type PickupCode = z.infer<typeof PickupCodeSchema>;

/** Where a ready pickup order's code stands, for staff (never the code itself). */
export const PickupCodeStateSchema = z.object({
  issuedAt: z.iso.datetime(),
  wrongTries: z.number().int().nonnegative(),
  locked: z.boolean(),
  used: z.boolean(),
});
export type PickupCodeState = z.infer<typeof PickupCodeStateSchema>;

/**
 * An email about an order, for staff answering "I never got my email": to whom, what, and where it
 * stands. `sent`: the mail server took it (`at`); `waiting`: queued or being sent, no try has failed;
 * `retrying`: the mail server could not take it (down, busy) and it is tried again (`at`: the next
 * try; `attempts` so far); `refused`: the mail server refused it for good (`at`), and it is not tried
 * again unless the operator re-queues it. Never the body: a ready email holds the pickup code, which
 * staff never see.
 */
export const OrderEmailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  queuedAt: z.iso.datetime(),
  state: z.enum(['sent', 'waiting', 'retrying', 'refused']),
  at: z.iso.datetime(),
  attempts: z.number().int().nonnegative(),
});
export type OrderEmail = z.infer<typeof OrderEmailSchema>;

/**
 * GET /orders/:id: staff also see the pickup code's state and why the order needs them, if it does;
 * the customer sees the code while it can be used.
 */
export const OrderViewSchema = OrderSchema.extend({
  pickupCode: PickupCodeSchema.nullable().optional(),
  pickupCodeState: PickupCodeStateSchema.nullable().optional(),
  /**
   * Staff only: what went wrong with the order's payment (a refund that failed, a payment that came
   * too late or did not match it); null when nothing did.
   */
  attention: z.string().nullable().optional(),
  /**
   * Staff only: someone at the shop must act: a refund failed and nobody has said the customer was
   * paid back (`paybackDue`), or the card holder's bank disputes the payment and waits for the shop's
   * answer (`dispute`). A late or mismatched payment refunded by itself is told in `attention` but
   * needs nobody.
   */
  needsAttention: z.boolean().optional(),
  /** Staff only: `attention`'s refund failed and nobody has said how the customer was paid back (ResolveAttentionSchema). */
  paybackDue: z.boolean().optional(),
  /** Staff only: the latest dispute of the order's payment; null when there is none. */
  dispute: DisputeViewSchema.nullable().optional(),
  /** Staff only: the emails about the order, the first queued first. */
  emails: z.array(OrderEmailSchema).optional(),
});
export type OrderView = z.infer<typeof OrderViewSchema>;

/** The longest note staff leave on how they settled an order's attention. */
export const ATTENTION_NOTE_MAX = 300;

/**
 * POST /orders/:id/attention (staff): the customer whose refund failed was paid back another way,
 * and how; written to the order's log, which its customer reads. One line, as the log's lines are:
 * a line break typed in the note's box is a space, counted once as the box's limit counts it (a form
 * sends it as two characters, CR LF, which took a note the box let through over the limit).
 */
export const ResolveAttentionSchema = z.strictObject({
  note: z
    .string()
    .overwrite(oneLineText)
    .min(1, 'Say how the customer was paid back')
    .max(ATTENTION_NOTE_MAX, `The note must be ${ATTENTION_NOTE_MAX} characters or fewer`),
});
export type ResolveAttention = z.infer<typeof ResolveAttentionSchema>;
