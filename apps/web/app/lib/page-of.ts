/**
 * One page of a list the API gives whole, newest first (a product's items, a customer's orders and
 * items): a shop of years has thousands, and only the page shown should reach the page. A page past
 * the end shows the last; anything that is not a page number, the first.
 */
export function pageOf<T>(rows: readonly T[], requested: string | null, size: number) {
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const asked = Number(requested);
  const page = Number.isInteger(asked) && asked >= 1 ? Math.min(asked, pages) : 1;
  const first = (page - 1) * size;
  return { rows: rows.slice(first, first + size), page, pages, first, total: rows.length };
}

/** Where a page of pageOf's stands: which of how many, and where it starts among how many rows. */
export type PageShown = Omit<ReturnType<typeof pageOf>, 'rows'>;
