/** The barber tab a URL's `index` parameter selects: a whole number in range, else the first tab. */
export function parseTabIndex(value: string | null | undefined, count: number): number {
  if (!value || !/^\d+$/.test(value)) return 0;
  const index = Number(value);
  return index < count ? index : 0;
}
