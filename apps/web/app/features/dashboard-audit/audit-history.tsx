import { type AuditEntry, auditToolLabel } from '@barbershop/contract';
import { roleName } from '@barbershop/contract/domain';
import { formatDateTime } from '@barbershop/contract/format';
import { Link } from 'react-router';
import { isRecord } from '../../lib/is-record.ts';
import { useTimeZone } from '../../lib/use-time-zone.ts';

const TIME = /^\d{2}:\d{2}$/;
// A moment as the server records one (toISOString), such as when a pickup code was issued.
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z$/;

/**
 * A value within a record (an address, a day's hours, a service), as plain words, never JSON; a
 * moment as the shop's clock gives it (`timeZone`), like the change's own time beside it.
 */
function describeNested(value: unknown, timeZone: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) {
    // A day's opening range.
    if (value.length === 2 && value.every((v) => typeof v === 'string' && TIME.test(v)))
      return value.join('–');
    return value.length ? value.map((v) => describeNested(v, timeZone)).join(', ') : '—';
  }
  if (typeof value === 'object') {
    const parts = Object.values(value)
      .map((v) => describeNested(v, timeZone))
      .filter((part) => part !== '—');
    return parts.length ? parts.join(', ') : '—';
  }
  if (typeof value === 'string' && INSTANT.test(value)) return formatDateTime(value, timeZone);
  return String(value);
}

type Difference = [path: string, before: unknown, after: unknown];

const isSizeCount = (value: unknown) =>
  isRecord(value) &&
  Object.keys(value).length === 2 &&
  typeof value.size === 'string' &&
  typeof value.quantity === 'number';

/**
 * A product's stock as the trail keeps it (a list of `{size, quantity}`) as one count per size, within
 * whatever holds it, so a change reads "Medium: 5 → Medium: 2", not both whole lists.
 */
function countsBySize(value: unknown): unknown {
  if (Array.isArray(value) && value.length > 0 && value.every(isSizeCount))
    return Object.fromEntries(value.map((row) => [row.size, row.quantity]));
  if (isRecord(value))
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, countsBySize(v)]));
  return value;
}

// A list with nothing in it opposite counts per size: no size offered yet, or none left.
const noSizes = (value: unknown, other: unknown) =>
  Array.isArray(value) && value.length === 0 && isRecord(other) ? {} : value;

/** Bookkeeping a record carries that no one edits: every save raises it. */
const NOT_EDITED = new Set(['version']);

/** The fields that differ between two records, nested records compared field by field (`hours.monday`). */
function differences(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  path = '',
): Difference[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => !NOT_EDITED.has(key),
  );
  return keys.flatMap((key): Difference[] => {
    const at = path ? `${path}.${key}` : key;
    const [b, a] = [noSizes(before[key], after[key]), noSizes(after[key], before[key])];
    if (isRecord(b) && isRecord(a)) return differences(b, a, at);
    // A field missing on one side and empty on the other did not change.
    return JSON.stringify(b ?? null) === JSON.stringify(a ?? null) ? [] : [[at, b, a]];
  });
}

/** Fields whose stored value reads better as words: an access level as the role it gives. */
const READ_AS: Record<string, (value: unknown, timeZone: string) => [name: string, text: string]> = {
  accessLevel: (value, timeZone) => [
    'role',
    (typeof value === 'number' && roleName(value)) || describeNested(value, timeZone),
  ],
};

const listed = (fields: [string, unknown][], timeZone: string) =>
  fields
    .map(([path, value]) => {
      const [name, text] = READ_AS[path]?.(value, timeZone) ?? [path, describeNested(value, timeZone)];
      return `${name}: ${text}`;
    })
    .join('; ');

/**
 * A change as read in the history, as plain words: of two records (a whole barber, the fields a form
 * saved), only the fields that differ, so one edited phone number is not lost among the unchanged rest.
 * Moments in it are given on the shop's clock (`timeZone`, SHOP_TIME_ZONE).
 */
export function describeChange(
  stored: unknown,
  storedAfter: unknown,
  timeZone: string,
): { before: string; after: string } {
  const [was, is] = [countsBySize(stored), countsBySize(storedAfter)];
  const [before, after] = [noSizes(was, is), noSizes(is, was)];
  if (!isRecord(before) || !isRecord(after)) {
    const whole = (value: unknown) =>
      isRecord(value) ? listed(Object.entries(value), timeZone) : describeNested(value, timeZone);
    return { before: whole(before), after: whole(after) };
  }
  const changed = differences(before, after);
  if (changed.length === 0) return { before: 'no change', after: 'no change' };
  return {
    before: listed(
      changed.map(([path, b]) => [path, b]),
      timeZone,
    ),
    after: listed(
      changed.map(([path, , a]) => [path, a]),
      timeZone,
    ),
  };
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
          {entries.map((entry) => {
            const change = describeChange(entry.before, entry.after, timeZone);
            return (
              <li key={entry._id} className="rounded bg-white p-3 ring-1 ring-charcoal/10">
                <p>
                  <time dateTime={entry.at} className="text-muted">
                    {formatDateTime(entry.at, timeZone)}
                  </time>{' '}
                  <AuditActor actor={entry.actor} tool={entry.tool} /> — {entry.action}
                </p>
                <p className="text-sm break-words">
                  <span className="text-muted">Before:</span> {change.before}
                  <span className="mx-2 text-muted" aria-hidden="true">
                    →
                  </span>
                  <span className="sr-only">, after:</span>
                  {change.after}
                </p>
              </li>
            );
          })}
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
