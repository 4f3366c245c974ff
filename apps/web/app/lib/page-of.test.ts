import { describe, expect, it } from 'vitest';
import { pageOf } from './page-of.ts';

const SIZE = 50;
const rows = Array.from({ length: SIZE * 2 + 3 }, (_, i) => i);

describe('pageOf', () => {
  it('gives a page of the rows, the page asked for, and how many there are', () => {
    expect(pageOf(rows, null, SIZE)).toMatchObject({ page: 1, pages: 3, first: 0, total: rows.length });
    expect(pageOf(rows, null, SIZE).rows).toEqual(rows.slice(0, SIZE));
    expect(pageOf(rows, '3', SIZE).rows).toEqual(rows.slice(SIZE * 2));
  });

  it('shows the last page past the end, and the first for anything that is not a page number', () => {
    expect(pageOf(rows, '9', SIZE).page).toBe(3);
    for (const odd of ['0', '-1', '1.5', 'two', '']) expect(pageOf(rows, odd, SIZE).page).toBe(1);
  });

  it('has one empty page when there are no rows', () => {
    expect(pageOf([], '2', SIZE)).toEqual({ rows: [], page: 1, pages: 1, first: 0, total: 0 });
  });
});
