// biome-ignore-all lint/a11y/noRedundantRoles: a table, row or cell a phone shows as a block loses its role in some browsers, so DataTable says each outright.
import { Link, useLocation, useNavigation } from 'react-router';
import { TableScroll } from './table-scroll.tsx';

/**
 * Cell styles shared by every data table, so the account and dashboard tables read alike. Printed, a
 * long unbroken value (an email, a name of one word) wraps inside its column: paper cannot scroll.
 */
export const cellClass = 'px-4 py-3 align-middle print:wrap-anywhere';
const headClass = 'px-4 py-3 text-left font-display text-sm uppercase tracking-wide';
// On a phone a table's cell is a line of its row's card: its column's name, then the value.
const phoneCellClass =
  'max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-3 max-sm:py-1 max-sm:wrap-anywhere max-sm:before:w-20 max-sm:before:shrink-0 max-sm:before:font-display max-sm:before:text-xs max-sm:before:uppercase max-sm:before:tracking-wide max-sm:before:text-muted max-sm:before:content-[attr(data-label)_/_""]';

/**
 * A header row of column names (a node, for a name only screen readers need). On a phone, where the
 * rows are cards (see DataTable), it is read by screen readers and not shown.
 */
function TableHead({ columns }: { columns: React.ReactNode[] }) {
  return (
    <thead className="bg-charcoal text-paper max-sm:sr-only" role="rowgroup">
      <tr role="row">
        {columns.map((column, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for a table.
          <th key={index} scope="col" className={headClass} role="columnheader">
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

/** True while this page's list loads again: a filter or a search submitted, Back or Forward. */
export function useListLoading(): boolean {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  return navigation.state === 'loading' && navigation.location.pathname === pathname;
}

/**
 * How many rows a filtered list shows, said to screen readers only: a filter or a search changes the
 * list while the keyboard stays on its button or box, and nothing else says that it did. The region is
 * on the page before the change, so the new count is announced; "Searching…" while the list loads.
 */
export function ShownCount({ count, one, many }: { count: number; one: string; many: string }) {
  const loading = useListLoading();
  return (
    <p role="status" className="sr-only">
      {loading ? 'Searching…' : `${count} ${count === 1 ? one : many} shown`}
    </p>
  );
}

/**
 * One column: its header, its cell, and whether the cell names the row (a row header for screen
 * readers). `label` is the header's text where the header is not one (a phone's card shows it beside
 * each cell); none for a column whose cells say themselves (an image, a View link).
 */
export type Column<Row> = {
  header: React.ReactNode;
  label?: string;
  cell: (row: Row) => React.ReactNode;
  rowHeader?: boolean;
  className?: string;
  /**
   * Text people typed (a name, an email, a change): kept to a readable width, where a word longer than
   * that wraps. Otherwise one long word sets the column's narrowest width, and the table squeezes its
   * other columns or scrolls sideways on a desktop. Shorter words stay whole, as in other columns.
   */
  typed?: boolean;
};

/** A cell's content: a typed column's inside a capped block (a table cell's own max-width is ignored). */
function cellContent<Row>(column: Column<Row>, row: Row): React.ReactNode {
  const content = column.cell(row);
  // Printed, its own wrapping gives way to the cell's (cellClass): a capped block of a word that only
  // breaks when it must would still hold the column at the cap's width, wider than paper allows.
  return column.typed ? (
    <span className="block max-w-xs wrap-break-word print:wrap-anywhere">{content}</span>
  ) : (
    content
  );
}

const LOADING_ROWS = 3;

/**
 * A table of rows in the site's style. On a phone each row is a card, each cell under its column's
 * name, so nothing is out of sight to the side (a table scrolling sideways there showed two of the
 * dashboard's six or seven columns, cut mid-word, and hid the actions); from 640 px it is a table
 * at least `minWidth` wide, which scrolls sideways in its region where the page is narrower. Printed,
 * it takes the page's width whatever `minWidth` says (A4 and Letter give a table about 42 rem), its
 * columns wrapping as on a narrow screen, since paper cannot scroll. While
 * `loading` it keeps its header and shows placeholder rows (aria-busy); with no rows it shows
 * `empty` instead of the table.
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
  const cellLabel = (column: Column<Row>) =>
    column.label ?? (typeof column.header === 'string' ? column.header : undefined);
  return (
    <TableScroll label={label}>
      <table
        className="w-full border-collapse max-sm:block sm:min-w-(--table-min) print:min-w-0"
        style={{ '--table-min': minWidth } as React.CSSProperties}
        aria-busy={loading || undefined}
        role="table"
      >
        {caption && <caption className="sr-only">{caption}</caption>}
        <TableHead columns={columns.map((column) => column.header)} />
        <tbody className="max-sm:block" role="rowgroup">
          {loading
            ? Array.from({ length: LOADING_ROWS }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to tell them apart.
                <tr key={index} className="border-t border-charcoal/10 max-sm:block" role="row">
                  <td colSpan={columns.length} className={`${cellClass} max-sm:block`} role="cell">
                    <span className="block h-5 animate-pulse rounded bg-charcoal/10" />
                    {index === 0 && <span className="sr-only">Loading…</span>}
                  </td>
                </tr>
              ))
            : rows.map((row) => (
                <tr
                  key={rowKey(row)}
                  className="border-t border-charcoal/10 max-sm:block max-sm:py-2"
                  role="row"
                >
                  {columns.map((column, index) =>
                    column.rowHeader ? (
                      <th
                        // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for a table.
                        key={index}
                        scope="row"
                        data-label={cellLabel(column)}
                        role="rowheader"
                        className={`${cellClass} text-left ${column.className ?? 'font-semibold'} ${phoneCellClass}`}
                      >
                        {cellContent(column, row)}
                      </th>
                    ) : (
                      <td
                        // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for a table.
                        key={index}
                        data-label={cellLabel(column)}
                        role="cell"
                        className={`${cellClass} ${column.className ?? ''} ${phoneCellClass}`}
                      >
                        {cellContent(column, row)}
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
