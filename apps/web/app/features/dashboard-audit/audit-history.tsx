import { type AuditEntry, auditToolLabel } from '@barbershop/contract';
import { formatDateTime } from '@barbershop/contract/format';
import { Link } from 'react-router';
import { useTimeZone } from '../../lib/use-time-zone.ts';

/** A value before or after a change, as short readable text. */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value !== 'object') return String(value);
  return Object.entries(value as Record<string, unknown>)
    .map(
      ([key, v]) => `${key}: ${v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v ?? '—')}`,
    )
    .join(', ');
}

/** Who made a change: a link to their user page, the tool that made it, or "a removed account". */
export function AuditActor({ actor, tool }: Pick<AuditEntry, 'actor' | 'tool'>) {
  if (tool) return <span className="text-muted">{auditToolLabel(tool)}</span>;
  if (!actor) return <span className="text-muted">a removed account</span>;
  return (
    <Link
      to={`/dashboard/users/${actor.gid}`}
      className="font-semibold text-brass-dark underline underline-offset-4"
    >
      {actor.name}
    </Link>
  );
}

/**
 * A record's history from the audit trail (who changed what, when, from what to what), newest
 * first: the small panel on the order, user, product and barber pages.
 */
export function AuditHistory({
  entries,
  allChanges = null,
  title = 'Changes',
}: {
  entries: AuditEntry[];
  /** The activity page of this record's every change, when the panel shows only the newest. */
  allChanges?: string | null;
  title?: string;
}) {
  const timeZone = useTimeZone();
  return (
    <section aria-labelledby="audit-history" className="mt-8">
      <h2 id="audit-history" className="mb-3 text-2xl">
        {title}
      </h2>
      {entries.length === 0 ? (
        <p className="text-muted">No changes recorded yet.</p>
      ) : (
        <ol className="space-y-3">
          {entries.map((entry) => (
            <li key={entry._id} className="rounded bg-white p-3 ring-1 ring-charcoal/10">
              <p>
                <time dateTime={entry.at} className="text-muted">
                  {formatDateTime(entry.at, timeZone)}
                </time>{' '}
                <AuditActor actor={entry.actor} tool={entry.tool} /> — {entry.action}
              </p>
              <p className="text-sm break-words">
                <span className="text-muted">Before:</span> {describeValue(entry.before)}
                <span className="mx-2 text-muted" aria-hidden="true">
                  →
                </span>
                <span className="sr-only">, after:</span>
                {describeValue(entry.after)}
              </p>
            </li>
          ))}
        </ol>
      )}
      {allChanges && (
        <p className="mt-3">
          <Link to={allChanges} className="font-semibold text-brass-dark underline underline-offset-4">
            Every change, older ones included
          </Link>
        </p>
      )}
    </section>
  );
}
