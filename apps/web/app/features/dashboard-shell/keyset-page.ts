/**
 * A page of a keyset-paged list, asked for with one row more than a page (`limit=size + 1`): the
 * page, and the cursor of the next only when that extra row says there is one, so a list of exactly
 * a page's length offers no empty next page.
 */
export function keysetPage<T extends { cursor: string }>(rows: T[], size: number) {
  const page = rows.slice(0, size);
  return { page, next: rows.length > size ? page.at(-1)!.cursor : null };
}
