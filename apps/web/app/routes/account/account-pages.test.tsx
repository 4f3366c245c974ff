import type { InventoryItem, OrderSummary } from '@barbershop/contract';
import { describe, expect, it } from 'vitest';
import { renderedRouteText, testUser } from '../../lib/testing.ts';
import * as accountPage from './account.tsx';
import * as ordersPage from './orders.tsx';

const CASEY = testUser(0, 'Casey Customer', '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e');
// A customer of years: 120 of each, newest first, numbered so a row says which it is.
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const items: InventoryItem[] = Array.from({ length: 120 }, (_, n) => ({
  _id: id(n),
  size: 'Large',
  status: 'ready',
  product: {
    _id: id(999),
    name: 'Logo Tee',
    slug: 'logo-tee',
    image: { src: '/media/logo-tee-640.webp', srcSet: '/media/logo-tee-640.webp 640w', alt: 'Logo Tee' },
  },
}));
const orders: OrderSummary[] = Array.from({ length: 120 }, (_, n) => ({
  _id: id(n),
  total: 2500,
  date: '2026-11-27T10:00:00.000Z',
  status: 'delivered',
}));

const rowsShown = (text: string) => [...new Set(text.match(/00000000-0000-4000-8000-\d{12}/g))].length;

const PAGES = [
  { route: { ...accountPage, path: '/account' }, api: '/users/me/items', rows: items, noun: 'items' },
  { route: { ...ordersPage, path: '/account/orders' }, api: '/orders', rows: orders, noun: 'orders' },
];

describe("a customer's account pages", () => {
  for (const { route, api, rows, noun } of PAGES) {
    it(`show their ${noun} 50 at a time, newest first, with the way to the others`, async () => {
      const page = (query: string) =>
        renderedRouteText(route, `${route.path}${query}`, (path) => (path.startsWith(api) ? rows : CASEY));
      const Noun = noun[0]!.toUpperCase() + noun.slice(1);
      const first = await page('');
      expect(rowsShown(first)).toBe(50);
      expect(first).toContain(`${Noun} 1–50 of 120, newest first Older ${noun}`);
      const second = await page('?page=2');
      expect(second).toContain(id(50));
      expect(second).toContain(`Newer ${noun} ${Noun} 51–100 of 120, newest first Older ${noun}`);
      const last = await page('?page=3');
      expect(rowsShown(last)).toBe(20);
      expect(last).toContain(id(119));
      expect(last).toContain(`Newer ${noun} ${Noun} 101–120 of 120, newest first`);
    });
  }
});
