import { pageOf } from '../../lib/page-of.ts';

/** The query parameter of the page of a customer's inventory or orders. */
export const ACCOUNT_PAGE_PARAM = 'page';
/** Rows a page of them shows: a customer of years has hundreds of orders and more items. */
const ACCOUNT_PAGE = 50;

/** The page of `rows` (newest first) the account page's address asks for. */
export function accountPage<T>(rows: readonly T[], request: Request) {
  return pageOf(rows, new URL(request.url).searchParams.get(ACCOUNT_PAGE_PARAM), ACCOUNT_PAGE);
}
