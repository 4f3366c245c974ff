import { ITEMS_PAGE } from '@barbershop/contract';

/** The query parameter of the items table's page on a product's dashboard page. */
export const ITEMS_PAGE_PARAM = 'items-page';

/**
 * One page of a product's items, newest first as the API lists them: a product that has sold for
 * years has thousands, and each shown item's QR code is drawn on the server. A page past the end
 * shows the last; anything that is not a page number, the first.
 */
export function itemsPage<T>(items: readonly T[], requested: string | null) {
  const pages = Math.max(1, Math.ceil(items.length / ITEMS_PAGE));
  const asked = Number(requested);
  const page = Number.isInteger(asked) && asked >= 1 ? Math.min(asked, pages) : 1;
  const first = (page - 1) * ITEMS_PAGE;
  return { items: items.slice(first, first + ITEMS_PAGE), page, pages, first, total: items.length };
}
