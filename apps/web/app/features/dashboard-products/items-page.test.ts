import { ITEMS_PAGE } from '@barbershop/contract';
import { describe, expect, it } from 'vitest';
import { itemsPage } from './items-page.ts';

const items = Array.from({ length: ITEMS_PAGE * 2 + 3 }, (_, i) => i);

describe('itemsPage', () => {
  it('gives a page of the items, the page asked for, and how many there are', () => {
    expect(itemsPage(items, null)).toMatchObject({ page: 1, pages: 3, first: 0, total: items.length });
    expect(itemsPage(items, null).items).toEqual(items.slice(0, ITEMS_PAGE));
    expect(itemsPage(items, '3').items).toEqual(items.slice(ITEMS_PAGE * 2));
  });

  it('shows the last page past the end, and the first for anything that is not a page number', () => {
    expect(itemsPage(items, '9').page).toBe(3);
    for (const odd of ['0', '-1', '1.5', 'two', '']) expect(itemsPage(items, odd).page).toBe(1);
  });

  it('has one empty page when there are no items', () => {
    expect(itemsPage([], '2')).toEqual({ items: [], page: 1, pages: 1, first: 0, total: 0 });
  });
});
