import { Link } from 'react-router';

/** Cell styles shared by every data table, so the account and dashboard tables read alike. */
export const cellClass = 'px-4 py-3 align-middle';
const headClass = 'px-4 py-3 text-left font-display text-sm uppercase tracking-wide';

/** A header row of column names (a node, for a name only screen readers need). */
export function TableHead({ columns }: { columns: React.ReactNode[] }) {
  return (
    <thead className="bg-charcoal text-paper">
      <tr>
        {columns.map((column, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for a table.
          <th key={index} scope="col" className={headClass}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** What a table shows instead when it has no rows: a sentence and where to go next. */
export function EmptyState({ message, to, linkText }: { message: string; to: string; linkText: string }) {
  return (
    <div className="rounded-lg bg-white px-6 py-10 text-center ring-1 ring-charcoal/10">
      <p>{message}</p>
      <p className="mt-2">
        <Link to={to} className="font-semibold text-brass-dark underline underline-offset-4">
          {linkText}
        </Link>
      </p>
    </div>
  );
}
