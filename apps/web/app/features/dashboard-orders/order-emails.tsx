import type { OrderEmail } from '@barbershop/contract';
import { formatDateTime } from '@barbershop/contract/format';
import { useTimeZone } from '../../lib/use-time-zone.ts';

/** Where an email stands, in the words staff repeat to a customer who says it never came. */
function standing(email: OrderEmail, timeZone: string): string {
  const at = formatDateTime(email.at, timeZone);
  if (email.state === 'sent') return `Sent ${at}.`;
  if (email.state === 'refused') {
    return `Refused by the mail server ${at}, and not tried again: check the address with the customer.`;
  }
  if (email.state === 'waiting') return 'Waiting to be sent.';
  return `Not sent yet: the mail server could not be reached (${email.attempts} ${email.attempts === 1 ? 'try' : 'tries'}); next try ${at}.`;
}

/**
 * The order's emails for staff answering "I never got my email": to whom, what, and whether each
 * went out. Never a body, and so never a pickup code: the customer reads theirs on the order's page.
 */
export function OrderEmails({ emails }: { emails: OrderEmail[] | undefined }) {
  const timeZone = useTimeZone();
  if (!emails) return null;
  return (
    <section aria-labelledby="order-emails" className="mt-8">
      <h2 id="order-emails" className="mb-3 text-2xl">
        Emails
      </h2>
      <p className="mb-3 text-muted">
        A customer without their email can sign in and open this order from ORDERS: it shows the order and,
        once it is ready, the pickup code.
      </p>
      {emails.length === 0 ? (
        <p>No emails about this order.</p>
      ) : (
        <ul className="space-y-3 wrap-anywhere">
          {emails.map((email) => (
            <li key={`${email.queuedAt}-${email.subject}`}>
              <p className="font-semibold">{email.subject}</p>
              <p className="text-muted">To {email.to || 'an address since erased'}</p>
              <p className={email.state === 'refused' ? 'font-semibold text-red-800' : undefined}>
                {standing(email, timeZone)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
