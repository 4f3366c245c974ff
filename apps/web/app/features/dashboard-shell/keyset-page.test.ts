import { describe, expect, it } from 'vitest';
import { keysetPage } from './keyset-page.ts';

const cursor = (row: { cursor: string }) => row.cursor;
const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ cursor: `c${i}` }));

describe('a keyset page asked for with one row more', () => {
  it('offers a next page only when the extra row came back', () => {
    expect(keysetPage(rows(3), 3, cursor)).toEqual({ page: rows(3), next: null });
    expect(keysetPage(rows(4), 3, cursor)).toEqual({ page: rows(3), next: 'c2' });
    expect(keysetPage([], 3, cursor)).toEqual({ page: [], next: null });
  });
});
