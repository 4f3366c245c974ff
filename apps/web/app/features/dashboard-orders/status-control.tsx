import {
  disputeClosed,
  latestProviderRefund,
  nextStatuses,
  type OrderStatus,
  type OrderView,
  PICKUP_CODE_LENGTH,
  PICKUP_CODE_MAX_TYPED,
  PICKUP_CODE_TRIES,
  STAFF_STATUSES,
  statusChangeMessage,
} from '@barbershop/contract';
import { formatCents, formatDateTime } from '@barbershop/contract/format';
import { useEffect, useId, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { ActionResult } from '../../components/action-result.tsx';
import { Alert, alertClass } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { ConfirmDialog, Dialog } from '../../components/dialog.tsx';
import { FormField, inputClass } from '../../components/form-field.tsx';
import { useEarlyChoice } from '../../lib/use-early-choice.ts';
import { useFocusOnFailure } from '../../lib/use-focus-on-failure.ts';
import { useTimeZone } from '../../lib/use-time-zone.ts';

/**
 * What the order page's action answers: a note to show, or the API's refusal (`field`: the form
 * field it is about, which shows it).
 */
export type OrderActionResult = { ok: string } | { error: string; field?: string };

/**
 * What staff must weigh before handing the goods over, said in the handover dialog itself: a QR code
 * scanned at the counter opens it as the page loads, over the dispute panel and the history where
 * the page says the rest. A payment the card holder's bank disputes (and has not decided for the
 * shop) may be taken back; money given back in Stripe's dashboard may mean the customer returned
 * the order, or was refunded instead of collecting it. Neither stops the handover: staff decide.
 */
export function handoverCautions(order: OrderView): string[] {
  const cautions: string[] = [];
  const { dispute } = order;
  if (dispute?.status === 'lost') {
    cautions.push(`The card holder's bank took back ${formatCents(dispute.amount)} of this payment.`);
  } else if (dispute && !disputeClosed(dispute.status)) {
    cautions.push(
      `The card holder's bank disputes ${formatCents(dispute.amount)} of this payment and has not decided: keep the goods until it does.`,
    );
  }
  const refund = latestProviderRefund(order);
  if (refund) cautions.push(`${refund}: check with the customer that the order is still theirs to collect.`);
  return cautions;
}

/**
 * Why a scanned pickup code (the page opened from a customer's QR code) asks nothing: only a ready
 * pickup order is handed over. Without it the page of an order collected already, taken back to
 * processing or canceled opened as if the scan had not worked. Null when the code can be used.
 */
function scannedCodeNote(order: OrderView, scannedCode: string): string | null {
  if (!scannedCode) return null;
  if (order.deliveryMethod !== 'pickup') return 'This order is for delivery: it has no pickup code.';
  switch (order.status) {
    case 'ready':
      return null;
    case 'delivered':
      return 'This order has been handed over already (its history says when): the scanned code was used.';
    case 'processing':
      return 'This order is not ready for pickup, so the scanned code no longer works. The customer gets a new code when it is ready.';
    case 'canceled':
      return 'This order was canceled: there is nothing to hand over.';
    default:
      return 'This order is not paid: there is nothing to hand over.';
  }
}

/**
 * scannedCodeNote as the page was opened from the scan: a handover made from it then does not turn
 * into "handed over already". Its page keys it by order and code, so a new scan (another order, another code) is judged anew.
 */
export function ScannedCodeNote({ order, scannedCode }: { order: OrderView; scannedCode: string }) {
  const [note] = useState(() => scannedCodeNote(order, scannedCode));
  if (!note) return null;
  return (
    <Alert className="mb-6">
      <strong>Scanned pickup code:</strong> {note}
    </Alert>
  );
}

/**
 * The status selector (SPEC.md section 4): hidden while the order is pending (and once canceled);
 * otherwise the delivery method's list, with only the steps the lifecycle allows enabled. The shown
 * status is the loader's, so it changes only once the API has answered 200. Handing a pickup order
 * over asks for the customer's pickup code, filled in when staff arrive from its QR code.
 */
export function StatusControl({ order, scannedCode }: { order: OrderView; scannedCode: string }) {
  const fetcher = useFetcher<OrderActionResult>();
  const from = order.status;
  const [to, setTo] = useState<OrderStatus>(from);
  const select = useEarlyChoice<HTMLSelectElement>((shown) => setTo(shown as OrderStatus));
  const [askCode, setAskCode] = useState(false);
  // The answer the form had when the dialog opened: the last status change's, not the handover's.
  const [answerBefore, setAnswerBefore] = useState<unknown>(undefined);
  const busy = fetcher.state !== 'idle';
  const handover = order.deliveryMethod === 'pickup' && from === 'ready' && to === 'delivered';
  // A new status from the loader resets the choice (adjusted while rendering: an effect would also
  // run at hydration and undo a choice made before it).
  const [toChosenFrom, setToChosenFrom] = useState(from);
  if (toChosenFrom !== from) {
    setToChosenFrom(from);
    setTo(from);
  }
  // A change that landed disables the button that made it (the status it chose is now the order's):
  // focus goes to the section's heading, not to the top of the page.
  const heading = useRef<HTMLHeadingElement>(null);
  const shownFrom = useRef(from);
  useEffect(() => {
    if (shownFrom.current === from) return;
    shownFrom.current = from;
    const active = document.activeElement;
    if (!active || active === document.body || active.matches(':disabled')) heading.current?.focus();
  }, [from]);
  // A code from the customer's QR code: straight to the handover question.
  useEffect(() => {
    if (scannedCode && order.deliveryMethod === 'pickup' && from === 'ready') {
      setTo('delivered');
      setAskCode(true);
    }
  }, [scannedCode, order.deliveryMethod, from]);
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data && 'ok' in fetcher.data) setAskCode(false);
  }, [fetcher.state, fetcher.data]);
  // The dialog's own answer (not the last status change's); a wrong code is said by the code's field,
  // which takes the keyboard, so it is heard and typed again at once.
  const dialogAnswer = askCode && fetcher.data !== answerBefore ? fetcher.data : undefined;
  const codeError =
    dialogAnswer && 'field' in dialogAnswer && dialogAnswer.field === 'pickupCode'
      ? dialogAnswer.error
      : null;
  const codeForm = useRef<HTMLFormElement>(null);
  useFocusOnFailure(codeForm, codeError, dialogAnswer);
  const cautions = handoverCautions(order);
  const cautionsId = useId();

  if (from === 'pending' || from === 'canceled') return null;
  const allowed = nextStatuses(order.deliveryMethod, from);
  const fields = (
    <>
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="status" value={to} />
      <input type="hidden" name="log" value={statusChangeMessage(from, to)} />
    </>
  );
  return (
    <section
      aria-labelledby="order-status-change"
      className="rounded-lg bg-white p-4 ring-1 ring-charcoal/10"
    >
      <h2 id="order-status-change" ref={heading} tabIndex={-1} className="mb-3 text-2xl focus:outline-none">
        Status
      </h2>
      <fetcher.Form
        method="post"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          if (handover) {
            event.preventDefault();
            setAnswerBefore(fetcher.data);
            setAskCode(true);
          }
        }}
      >
        {fields}
        <FormField label="Order status" className="w-52">
          {(control) => (
            <select
              {...control}
              ref={select}
              value={to}
              onChange={(event) => setTo(event.currentTarget.value as OrderStatus)}
              className={inputClass}
            >
              {STAFF_STATUSES[order.deliveryMethod].map((status) => (
                <option key={status} value={status} disabled={status !== from && !allowed.includes(status)}>
                  {status}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <Button type="submit" busy={busy && !askCode} disabled={to === from} className="mb-0">
          Update status
        </Button>
      </fetcher.Form>
      {/* Kept while the handover dialog asks (answering there), so its region is on the page before. */}
      <ActionResult answer={askCode ? undefined : fetcher.data} />
      <Dialog
        open={askCode}
        onClose={() => setAskCode(false)}
        title="Hand over the order"
        fallbackFocus={heading}
        describedBy={cautions.length ? cautionsId : undefined}
      >
        {cautions.length > 0 && (
          <div id={cautionsId} className={`mb-4 ${alertClass('error')}`}>
            <p className="font-semibold">Before you hand it over</p>
            {cautions.map((caution) => (
              <p key={caution}>{caution}</p>
            ))}
          </div>
        )}
        <fetcher.Form ref={codeForm} method="post">
          {fields}
          <FormField
            label="Pickup code"
            hint={`The ${PICKUP_CODE_LENGTH} digits on the customer's order page or in their email`}
            error={codeError}
            required
          >
            {(control) => (
              <input
                {...control}
                name="pickupCode"
                inputMode="numeric"
                // Typed as read out or copied ("221 575", "221-575"): the server keeps the digits and
                // says when they are not six, so neither a length nor a pattern cuts the code short here.
                maxLength={PICKUP_CODE_MAX_TYPED}
                defaultValue={scannedCode}
                className={`${inputClass} font-mono text-2xl tracking-[0.3em]`}
              />
            )}
          </FormField>
          {dialogAnswer && <ActionResult answer={dialogAnswer} errorShownByField={!!codeError} />}
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={() => setAskCode(false)}>
              Cancel
            </Button>
            <Button type="submit" busy={busy}>
              Mark delivered
            </Button>
          </div>
        </fetcher.Form>
      </Dialog>
    </section>
  );
}

/** Where a ready pickup order's code stands, and a way to issue a new one (after a lock or a lost email). */
export function PickupCodePanel({ order }: { order: OrderView }) {
  const timeZone = useTimeZone();
  const fetcher = useFetcher<OrderActionResult>();
  const [confirming, setConfirming] = useState(false);
  const state = order.pickupCodeState;
  // A code the customer can still use (the one they may be holding up at the counter) stops working
  // the moment a new one is issued: a tap on the button by mistake asks first. A locked or missing
  // code has nothing to lose.
  const working = !!state && !state.locked && !state.used;
  if (order.deliveryMethod !== 'pickup' || order.status !== 'ready') return null;
  return (
    <section aria-labelledby="pickup-code-state" className="rounded-lg bg-white p-4 ring-1 ring-charcoal/10">
      <h2 id="pickup-code-state" className="mb-2 text-2xl">
        Pickup code
      </h2>
      {state ? (
        <p>
          Issued {formatDateTime(state.issuedAt, timeZone)}; {state.wrongTries} of {PICKUP_CODE_TRIES} wrong
          tries.
          {state.locked && <strong className="ml-1 text-red-800">Locked: issue a new code.</strong>}
        </p>
      ) : (
        <p>No pickup code has been issued for this order.</p>
      )}
      <fetcher.Form
        method="post"
        className="mt-3"
        onSubmit={(event) => {
          if (!working) return;
          event.preventDefault();
          setConfirming(true);
        }}
      >
        <input type="hidden" name="intent" value="reissue" />
        <Button type="submit" variant="secondary" busy={fetcher.state !== 'idle'}>
          Issue a new code
        </Button>
      </fetcher.Form>
      <ActionResult answer={fetcher.data} />
      <ConfirmDialog
        open={confirming}
        title="Issue a new pickup code?"
        message="The customer's code stops working at once. The new one is emailed to them and shown on their order page."
        confirmLabel="Issue a new code"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void fetcher.submit({ intent: 'reissue' }, { method: 'post' });
        }}
      />
    </section>
  );
}
