import type { StaffOrderRow } from '@barbershop/contract';
import { describe, expect, it } from 'vitest';
import { renderedRouteText, testUser } from '../../lib/testing.ts';
import * as ordersPage from './orders.tsx';

const STAFF = testUser(1, 'Sam Staff', '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b');

function row(id: string, attention: string | null): StaffOrderRow {
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
    attention,
  };
}

describe('the staff orders list', () => {
  it('marks the orders that need staff beside their status', async () => {
    const flagged = '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d';
    const fine = '3b4c5d6e-7f8a-4b9c-8d1e-2f3a4b5c6d7e';
    const text = await renderedRouteText(
      { ...ordersPage, path: '/dashboard/orders' },
      '/dashboard/orders',
      (path) =>
        path.startsWith('/users/me') ? STAFF : [row(flagged, 'Refund of $20.00 failed (…)'), row(fine, null)],
    );
    expect(text).toContain(`${flagged} Casey Customer casey@example.com $25.00 processing Needs attention`);
    const fineRow = `${fine} Casey Customer casey@example.com $25.00 processing`;
    expect(text.trimEnd().endsWith(fineRow)).toBe(true);
    expect(text.match(/Needs attention/g)).toHaveLength(1);
  });
});
