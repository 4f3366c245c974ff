import { Link } from 'react-router';
import { TableScroll } from './table-scroll.tsx';

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
export function EmptyState({ message, to, linkText }: { message: string; to?: string; linkText?: string }) {
  return (
    <div className="rounded-lg bg-white px-6 py-10 text-center ring-1 ring-charcoal/10">
      <p>{message}</p>
      {to && linkText && (
        <p className="mt-2">
          <Link to={to} className="font-semibold text-brass-dark underline underline-offset-4">
            {linkText}
          </Link>
        </p>
      )}
    </div>
  );
}

/** One column: its header, its cell, and whether the cell names the row (a row header for screen readers). */
export type Column<Row> = {
  header: React.ReactNode;
  cell: (row: Row) => React.ReactNode;
  rowHeader?: boolean;
  className?: string;
};

const LOADING_ROWS = 3;

/**
 * A table of rows in the site's style, scrolling sideways on a phone. While `loading` it keeps its
 * header and shows placeholder rows (aria-busy); with no rows it shows `empty` instead of the table.
 */
export function DataTable<Row>({
  label,
  caption,
  columns,
  rows,
  rowKey,
  empty,
  loading = false,
  minWidth = '40rem',
}: {
  label: string;
  caption?: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  empty: React.ReactNode;
  loading?: boolean;
  minWidth?: string;
}) {
  if (!loading && rows.length === 0) return <>{empty}</>;
  return (
    <TableScroll label={label}>
      <table className="w-full border-collapse" style={{ minWidth }} aria-busy={loading || undefined}>
        {caption && <caption className="sr-only">{caption}</caption>}
        <TableHead columns={columns.map((column) => column.header)} />
        <tbody>
          {loading
            ? Array.from({ length: LOADING_ROWS }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to tell them apart.
                <tr key={index} className="border-t border-charcoal/10">
                  <td colSpan={columns.length} className={cellClass}>
                    <span className="block h-5 animate-pulse rounded bg-charcoal/10" />
                    {index === 0 && <span className="sr-only">Loading…</span>}
                  </td>
                </tr>
              ))
            : rows.map((row) => (
                <tr key={rowKey(row)} className="border-t border-charcoal/10">
                  {columns.map((column, index) =>
                    column.rowHeader ? (
                      <th
                        // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for a table.
                        key={index}
                        scope="row"
                        className={`${cellClass} text-left ${column.className ?? 'font-semibold'}`}
                      >
                        {column.cell(row)}
                      </th>
                    ) : (
                      // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for a table.
                      <td key={index} className={`${cellClass} ${column.className ?? ''}`}>
                        {column.cell(row)}
                      </td>
                    ),
                  )}
                </tr>
              ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** The underlined link of a table's action column. */
export const tableLinkClass =
  'inline-flex min-h-11 items-center font-semibold text-brass-dark underline underline-offset-4';
