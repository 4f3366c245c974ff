import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  type DeliveryMethod,
  isUuid,
  type OrderEmail,
  type OrderStatus,
  type OrderView,
  PICKUP_CODE_TRIES,
  type ResolveAttention,
  type StaffOrderRow,
  type StaffOrdersQuery,
  StaffOrdersQuerySchema,
  statusChangeMessage,
  type UpdateOrderStatus,
} from '@barbershop/contract';
import { decimalDollars, minuteIn } from '@barbershop/contract/format';
import { type Database, decodeKeyset, type Executor, encodeKeyset, type KeysetKey } from '@barbershop/db';
import { isStaff, type SessionUser } from '../../plugins/access.ts';
import { AppError } from '../../plugins/errors.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { orderNotReadyEmail, orderReadyEmail } from '../mail/order-emails.ts';
import { enqueueEmail, listOrderEmails, withdrawUnsentEmail } from '../mail/outbox.repository.ts';
import { lockOrder, type OrderRow } from './lifecycle.repository.ts';
import { changeStatus, type EmailSite, emailFacts, settleAttention } from './order-lifecycle.ts';
import { getOrderFor } from './orders.service.ts';
import { listOrdersPage, type StaffOrderFilter, type StaffOrderListRow } from './orders.staff.repository.ts';
import {
  addWrongTry,
  deletePickupCode,
  findPickupCode,
  markPickupCodeUsed,
  replacePickupCode,
} from './pickup.repository.ts';
import { handoverUrl, type PickupKey, pickupCodeHash, pickupCodeMatches, pickupCodeOf } from './pickup.ts';

/** A cursor back from the client; anything this list did not hand out is a 400 naming `after`. */
export function parseCursor(cursor: string): KeysetKey {
  const key = decodeKeyset(cursor);
  if (!key) throw new AppError('bad_request', 'querystring.after: is not a cursor from this list');
  return key;
}

function filterOf(query: StaffOrdersQuery): StaffOrderFilter {
  const parsed = StaffOrdersQuerySchema.parse(query);
  return {
    status: parsed.status,
    q: parsed.q || undefined,
    needsAttention: parsed.attention === 'open',
    after: parsed.after ? parseCursor(parsed.after) : undefined,
    limit: parsed.limit,
  };
}

function toRow(row: StaffOrderListRow): StaffOrderRow {
  return {
    _id: row.id,
    date: row.createdAt.toISOString(),
    status: row.status as OrderStatus,
    total: row.total,
    deliveryMethod: row.deliveryMethod as DeliveryMethod,
    customer: { gid: row.customer.id, name: row.customer.name, email: row.customer.email },
    cursor: encodeKeyset({ at: row.createdAtExact, id: row.id }),
    needsAttention: row.needsAttention,
  };
}

/** GET /orders?scope=all: a page of every order, newest first, filtered by status and a search. */
export async function listStaffOrders(db: Executor, query: StaffOrdersQuery): Promise<StaffOrderRow[]> {
  return (await listOrdersPage(db, filterOf(query))).map(toRow);
}

const CSV_HEADER = [
  'Order Id',
  'Customer',
  'Email',
  'Delivery',
  'Status',
  'Subtotal',
  'Sales Tax',
  'Shipping',
  'Total',
  // Refunded in Stripe's dashboard so far, paid back another way after a refund failed, and taken
  // back by the card holder's bank through a lost dispute: what the shop kept is Total less all three.
  'Refunded',
  'Paid Back',
  'Charged Back',
];
const EXPORT_BATCH = 500;

/**
 * A CSV cell: quoted when it holds a quote, comma or line break; text a spreadsheet would run as a
 * formula (=, +, -, @, tab, return at the start) is prefixed with ' so a customer's name cannot.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * Every order the list's filter shows, as CSV (RFC 4180, CRLF), read in keyset batches so 100,000
 * orders stream out without being held in memory. Amounts in dollars with two decimals.
 */
export async function* exportOrdersCsv(
  db: Executor,
  query: Pick<StaffOrdersQuery, 'status' | 'q' | 'attention'>,
  timeZone: string,
) {
  const filter: StaffOrderFilter = { ...filterOf({ ...query, scope: 'all' }), limit: EXPORT_BATCH };
  // The shop's clock, as every page shows it; the header names the zone. The byte order mark first:
  // without it Excel, opening the file, reads it in the computer's legacy code page, and a customer
  // named Zoë Núñez shows as "ZoÃ« NÃºÃ±ez" (Numbers, Google Sheets and LibreOffice take it too).
  yield `\uFEFF${[`Date (${timeZone})`, ...CSV_HEADER].join(',')}\r\n`;
  for (;;) {
    const rows = await listOrdersPage(db, filter);
    if (rows.length === 0) return;
    yield rows
      .map((row) =>
        [
          minuteIn(row.createdAt, timeZone),
          row.id,
          row.customer.name,
          row.customer.email,
          row.deliveryMethod,
          row.status,
          decimalDollars(row.subtotal),
          decimalDollars(row.salesTax),
          decimalDollars(row.shippingCost),
          decimalDollars(row.total),
          decimalDollars(row.refunded),
          decimalDollars(row.paidBack),
          decimalDollars(row.chargedBack),
        ]
          .map(csvCell)
          .join(',')
          .concat('\r\n'),
      )
      .join('');
    if (rows.length < EXPORT_BATCH) return;
    const last = rows.at(-1)!;
    filter.after = { at: last.createdAtExact, id: last.id };
    // The embedded database answers without I/O, and a client that reads as fast as rows come never
    // makes the response wait: without a turn of the event loop here, a whole export (4 s for 30,000
    // orders) held every other request, health checks too, until its last row.
    await nextTurn();
  }
}

/** What the staff order routes need from the configuration. */
export type StaffOrderDeps = EmailSite & { pickup: PickupKey };

const lockedMessage = `The pickup code is locked after ${PICKUP_CODE_TRIES} wrong tries: reissue it and ask the customer for the new one.`;

/** The outbox key of the ready email that carried pickup code `codeId`. */
const readyEmailKey = (orderId: string, codeId: string) => `order-ready:${orderId}:${codeId}`;

/**
 * Issues a new pickup code and emails it to the customer, in the caller's transaction. The code it
 * replaces no longer works: its email is taken back if the mail worker has never picked it up (the
 * customer, or a retry after the mail server comes back, would otherwise bring a dead code to the
 * counter, where wrong tries lock the order); otherwise the new email says it replaces it.
 */
async function issuePickupCode(
  tx: Executor,
  deps: StaffOrderDeps,
  order: OrderRow,
  actorUserId: string,
  at: Date,
): Promise<void> {
  const earlier = await findPickupCode(tx, order.id);
  const replaces = earlier !== null && !(await withdrawUnsentEmail(tx, readyEmailKey(order.id, earlier.id)));
  const id = randomUUID();
  const code = pickupCodeOf(deps.pickup, id);
  await replacePickupCode(tx, {
    orderId: order.id,
    id,
    codeHash: pickupCodeHash(deps.pickup, order.id, code),
    issuedBy: actorUserId,
    issuedAt: at,
  });
  const facts = await emailFacts(tx, order, deps);
  if (facts) {
    await enqueueEmail(tx, readyEmailKey(order.id, id), orderReadyEmail(facts, code, { replaces }));
  }
}

/**
 * PUT /orders/:id: staff move an order along its delivery method's statuses through the order
 * lifecycle (`changeStatus`: 409 for a step it does not allow), recorded in the audit trail in the
 * same transaction. A pickup order set ready gets a one-time pickup code, shown to its customer and
 * emailed; it is delivered only with that code. A wrong code changes nothing but counts; after
 * PICKUP_CODE_TRIES the code is locked until staff reissue it: 409, not 429, as waiting lifts no lock.
 */
export async function changeStatusAsStaff(
  db: Database,
  deps: StaffOrderDeps,
  actor: SessionUser,
  id: string,
  body: UpdateOrderStatus,
): Promise<void> {
  if (!isUuid(id)) throw new AppError('not_found', 'No such order.');
  const at = new Date();
  // A wrong pickup code's try is counted and committed while the order is locked, and nothing else
  // changes: a try waiting on the lock then reads it, so guesses sent at once stop at the limit too.
  const wrongTries = await db.transaction(async (tx): Promise<number | null | undefined> => {
    const order = await lockOrder(tx, id);
    if (!order) throw new AppError('not_found', 'No such order.');
    const from = order.status as OrderStatus;
    if (body.log !== undefined && body.log !== statusChangeMessage(from, body.status)) {
      throw new AppError('conflict', `This order is ${from} now: reload it to see the latest.`);
    }
    const pickup = order.deliveryMethod === 'pickup';
    const handover = pickup && from === 'ready' && body.status === 'delivered';
    if (handover) {
      const kept = await findPickupCode(tx, id, { lock: true });
      if (!kept || kept.usedAt) {
        throw new AppError('conflict', 'This order has no pickup code: reissue one first.');
      }
      if (kept.wrongTries >= PICKUP_CODE_TRIES) throw new AppError('conflict', lockedMessage);
      if (!body.pickupCode) {
        throw new AppError(
          'bad_request',
          'body.pickupCode: The pickup code is required to hand over a pickup order',
        );
      }
      if (!pickupCodeMatches(deps.pickup, id, body.pickupCode, kept.codeHash)) return addWrongTry(tx, id);
      await markPickupCodeUsed(tx, id, at);
    }
    const changed = await changeStatus(tx, {
      orderId: id,
      to: body.status,
      actorUserId: actor.id,
      at,
      notify: null,
    });
    if (pickup && body.status === 'ready') await issuePickupCode(tx, deps, changed, actor.id, at);
    // Back to processing: the code handed out no longer fits, and a new one comes with ready. Its
    // email is taken back if the mail worker has not picked it up; otherwise the customer, told to
    // come, is told to wait.
    if (pickup && body.status === 'processing') {
      const voided = await deletePickupCode(tx, id);
      if (voided && !(await withdrawUnsentEmail(tx, readyEmailKey(id, voided)))) {
        const facts = await emailFacts(tx, changed, deps);
        if (facts) await enqueueEmail(tx, `order-not-ready:${id}:${voided}`, orderNotReadyEmail(facts));
      }
    }
    await recordAudit(tx, {
      actorUserId: actor.id,
      entity: 'order',
      entityId: id,
      action: 'status',
      before: { status: from },
      after: { status: changed.status },
    });
    return undefined;
  });
  if (wrongTries === undefined) return;
  if (wrongTries === null || wrongTries >= PICKUP_CODE_TRIES) throw new AppError('conflict', lockedMessage);
  const left = PICKUP_CODE_TRIES - wrongTries;
  throw new AppError(
    'bad_request',
    `body.pickupCode: That is not this order's pickup code (${left} ${left === 1 ? 'try' : 'tries'} left)`,
  );
}

/** POST /orders/:id/pickup-code: staff issue a new code for a ready pickup order (after a lock, or a lost email). */
export async function reissuePickupCode(
  db: Database,
  deps: StaffOrderDeps,
  actor: SessionUser,
  id: string,
): Promise<void> {
  if (!isUuid(id)) throw new AppError('not_found', 'No such order.');
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!order) throw new AppError('not_found', 'No such order.');
    if (order.deliveryMethod !== 'pickup' || order.status !== 'ready') {
      throw new AppError('conflict', 'Only a pickup order that is ready has a pickup code.');
    }
    const before = await findPickupCode(tx, id, { lock: true });
    const at = new Date();
    await issuePickupCode(tx, deps, order, actor.id, at);
    await recordAudit(tx, {
      actorUserId: actor.id,
      entity: 'order',
      entityId: id,
      action: 'reissue pickup code',
      before: before ? { wrongTries: before.wrongTries, issuedAt: before.issuedAt.toISOString() } : null,
      after: { wrongTries: 0, issuedAt: at.toISOString() },
    });
  });
}

/**
 * POST /orders/:id/attention: staff say how they paid back the customer of an order needing them
 * (settleAttention), recorded in the audit trail in the same transaction.
 */
export async function settleAttentionAsStaff(
  db: Database,
  actor: SessionUser,
  id: string,
  body: ResolveAttention,
): Promise<void> {
  if (!isUuid(id)) throw new AppError('not_found', 'No such order.');
  await db.transaction(async (tx) => {
    await settleAttention(tx, { orderId: id, note: body.note, actorUserId: actor.id });
    await recordAudit(tx, {
      actorUserId: actor.id,
      entity: 'order',
      entityId: id,
      action: 'paid back',
      before: { needsAttention: true },
      after: { needsAttention: false, paidBack: body.note },
    });
  });
}

/** An outbox row as staff read it on the order's page. */
function toOrderEmail(row: Awaited<ReturnType<typeof listOrderEmails>>[number]): OrderEmail {
  // A claimed email counts its try before it is made: only a try that failed makes it `retrying`.
  const state = row.sentAt ? 'sent' : row.failedAt ? 'refused' : row.failedTry ? 'retrying' : 'waiting';
  return {
    to: row.to,
    subject: row.subject,
    queuedAt: row.createdAt.toISOString(),
    state,
    at: (row.sentAt ?? row.failedAt ?? row.nextAttemptAt).toISOString(),
    attempts: row.attempts,
  };
}

/**
 * GET /orders/:id with the pickup code: its customer sees the code while the order is ready to
 * collect; staff see only how it stands (wrong tries, locked), never the code. Staff also see the
 * order's emails and where each stands, never their bodies.
 */
export async function getOrderView(
  db: Database,
  deps: StaffOrderDeps,
  viewer: SessionUser,
  id: string,
): Promise<OrderView> {
  const found = await getOrderFor(db, viewer, id);
  const order = isStaff(viewer)
    ? { ...found, emails: (await listOrderEmails(db, id)).map(toOrderEmail) }
    : found;
  if (order.deliveryMethod !== 'pickup' || order.status !== 'ready') return order;
  const kept = await findPickupCode(db, id);
  if (!kept) return order;
  const locked = kept.wrongTries >= PICKUP_CODE_TRIES;
  const owner = order.user.gid === viewer.id;
  const code = pickupCodeOf(deps.pickup, kept.id);
  return {
    ...order,
    pickupCode:
      owner && !kept.usedAt && !locked ? { code, handoverUrl: handoverUrl(deps.publicUrl, id, code) } : null,
    pickupCodeState: isStaff(viewer)
      ? { issuedAt: kept.issuedAt.toISOString(), wrongTries: kept.wrongTries, locked, used: !!kept.usedAt }
      : null,
  };
}
