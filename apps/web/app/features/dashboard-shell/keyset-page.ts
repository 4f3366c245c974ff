/**
 * A page of a keyset-paged list, asked for with one row more than a page (`limit=size + 1`): the
 * page, and the cursor of the next (`cursorOf` its last row) only when that extra row says there is
 * one, so a list of exactly a page's length offers no empty next page.
 */
export function keysetPage<T>(rows: T[], size: number, cursorOf: (row: T) => string) {
  const page = rows.slice(0, size);
  return { page, next: rows.length > size ? cursorOf(page.at(-1)!) : null };
}
