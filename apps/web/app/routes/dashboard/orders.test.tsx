import type { StaffOrderRow } from '@barbershop/contract';
import { describe, expect, it } from 'vitest';
import { renderedRouteHtml, renderedRouteText, testUser } from '../../lib/testing.ts';
import * as ordersPage from './orders.tsx';

const STAFF = testUser(1, 'Sam Staff', '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b');

function row(id: string, needsAttention: boolean): StaffOrderRow {
  return {
    _id: id,
    date: '2026-11-27T10:00:00.000Z',
    status: 'processing',
    total: 2500,
    deliveryMethod: 'pickup',
    customer: {
      gid: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
      name: 'Casey Customer',
      email: 'casey@example.com',
    },
    cursor: id,
    needsAttention,
  };
}

describe('the staff orders list', () => {
  it('marks the orders that need staff beside their status', async () => {
    const flagged = '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d';
    const fine = '3b4c5d6e-7f8a-4b9c-8d1e-2f3a4b5c6d7e';
    const text = await renderedRouteText(
      { ...ordersPage, path: '/dashboard/orders' },
      '/dashboard/orders',
      (path) => (path.startsWith('/users/me') ? STAFF : [row(flagged, true), row(fine, false)]),
    );
    expect(text).toContain(`${flagged} Casey Customer casey@example.com $25.00 processing Needs attention`);
    const fineRow = `${fine} Casey Customer casey@example.com $25.00 processing`;
    expect(text.trimEnd().endsWith(fineRow)).toBe(true);
    expect(text.match(/processing Needs attention/g)).toHaveLength(1);
  });

  it('lists only the orders needing staff when asked, with the box ticked and the export alike', async () => {
    const asked: string[] = [];
    const html = await renderedRouteHtml(
      { ...ordersPage, path: '/dashboard/orders' },
      '/dashboard/orders?attention=open',
      (path) => {
        asked.push(path);
        return path.startsWith('/users/me') ? STAFF : [];
      },
    );
    expect(asked.find((path) => path.startsWith('/orders'))).toMatch(/^\/orders\?attention=open&scope=all/);
    const box = html.match(/<input type="checkbox"[^>]*name="attention"[^>]*>/)?.[0];
    expect(box).toContain('checked=""');
    expect(html).toContain('/api/orders/export.csv?attention=open');
    expect(html).toContain('No orders match this filter.');
  });
});
