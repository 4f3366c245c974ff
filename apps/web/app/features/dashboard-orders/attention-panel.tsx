import { ATTENTION_NOTE_MAX, type OrderView } from '@barbershop/contract';
import { useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import { ActionResult } from '../../components/action-result.tsx';
import { alertClass } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { FormField, inputClass } from '../../components/form-field.tsx';
import { useFocusOnFailure } from '../../lib/use-focus-on-failure.ts';
import type { OrderActionResult } from './status-control.tsx';

/**
 * What went wrong with the order's payment, above everything else on its page but a dispute. When
 * someone must act (a refund failed), it says so and takes how they paid the customer back; otherwise
 * (a late or mismatched payment refunded by itself, or a failure staff settled) it is a note.
 */
export function AttentionPanel({ order }: { order: OrderView }) {
  const fetcher = useFetcher<OrderActionResult>();
  const heading = useRef<HTMLHeadingElement>(null);
  const open = !!order.paybackDue;
  // Settled, the form and its button go: focus goes to the note's heading, not to the page's top.
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open) heading.current?.focus();
    wasOpen.current = open;
  }, [open]);
  const answer = fetcher.data;
  const noteError = answer && 'field' in answer && answer.field === 'note' ? answer.error : null;
  // The note's refusal is said by the note alone, no alert: the keyboard goes there to hear it.
  const form = useRef<HTMLFormElement>(null);
  useFocusOnFailure(form, noteError, answer);
  if (!order.attention) return null;
  return (
    <section aria-labelledby="order-attention" className={`mb-6 ${alertClass(open ? 'error' : 'info')}`}>
      <h2 id="order-attention" ref={heading} tabIndex={-1} className="text-lg focus:outline-none">
        {open ? 'Needs attention' : 'Payment note'}
      </h2>
      <p>{order.attention}</p>
      {open && (
        <fetcher.Form ref={form} method="post" className="mt-3 max-w-xl text-charcoal">
          <input type="hidden" name="intent" value="paid-back" />
          <FormField
            label="How was the customer paid back?"
            hint="For example: cash at the counter on Nov 28. The customer reads this in their order's history."
            error={noteError}
            required
          >
            {(control) => (
              <textarea
                {...control}
                name="note"
                rows={2}
                maxLength={ATTENTION_NOTE_MAX}
                className={inputClass}
              />
            )}
          </FormField>
          <Button type="submit" busy={fetcher.state !== 'idle'} className="mt-3">
            Mark as paid back
          </Button>
        </fetcher.Form>
      )}
      <ActionResult answer={answer} errorShownByField={!!noteError} />
    </section>
  );
}
