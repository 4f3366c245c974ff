import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ActivityTable } from './activity-list.tsx';
import { AuditActor, describeChange } from './audit-history.tsx';

/** What a staff member reads in the "Who" of a change. */
function who(props: Parameters<typeof AuditActor>[0]) {
  const router = createMemoryRouter([{ path: '/', element: <AuditActor {...props} /> }]);
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

describe('AuditActor', () => {
  it('links a person to their user page', () => {
    const html = who({
      actor: { gid: '0b9c2f7e-4a43-4f0e-9d3c-6b1a2e5f8c11', name: 'Sam Staff' },
      tool: null,
    });
    expect(html).toContain('href="/dashboard/users/0b9c2f7e-4a43-4f0e-9d3c-6b1a2e5f8c11"');
    expect(html).toContain('>Sam Staff</a>');
  });

  it('names what made a change no signed-in person made', () => {
    expect(who({ actor: null, tool: 'npm run user:role' })).toContain('the command line (npm run user:role)');
    expect(who({ actor: null, tool: 'ADMIN_EMAILS' })).toContain(
      // The apostrophe, as the markup escapes it.
      'the server&#x27;s ADMIN_EMAILS setting, at sign-in',
    );
  });

  it('says when the person who made the change no longer has an account', () => {
    expect(who({ actor: null, tool: null })).toContain('a removed account');
  });
});

describe('ActivityTable', () => {
  it("links a stock change to its product's page, where its stock is", () => {
    const productId = '5f0c3a52-8d1e-4c7b-9a6f-2e4b8c1d7a90';
    const entry = {
      _id: '7c1e9b24-3f5a-4d8e-b6c2-0a9d4e7f1b33',
      at: '2026-11-29T18:58:00.000Z',
      actor: { gid: '0b9c2f7e-4a43-4f0e-9d3c-6b1a2e5f8c11', name: 'Sam Staff' },
      tool: null,
      entity: 'stock' as const,
      entityId: productId,
      action: 'set',
      before: [{ size: 'Medium', quantity: 5 }],
      after: [{ size: 'Medium', quantity: 2 }],
      cursor: 'c',
    };
    const router = createMemoryRouter([{ path: '/', element: <ActivityTable entries={[entry]} /> }]);
    const html = renderToStaticMarkup(<RouterProvider router={router} />);
    expect(html).toMatch(new RegExp(`href="/dashboard/products/${productId}"[^>]*>stock 5f0c3a52</a>`));
    expect(html).toContain('Medium: 5 → Medium: 2');
  });
});

describe('describeChange', () => {
  // A change as a staff member of a shop in Colorado Springs reads it.
  const change = (before: unknown, after: unknown) => describeChange(before, after, 'America/Denver');

  it('shows only the fields that differ, nested values as words rather than JSON', () => {
    const address = {
      line1: '12 Main St',
      line2: '',
      city: 'Denver',
      state: 'CO',
      postal_code: '80202',
      country: 'US',
    };
    expect(change({ phone: '719 555 0100', address: null }, { phone: '719 555 0100', address })).toEqual({
      before: 'address: —',
      after: 'address: 12 Main St, Denver, CO, 80202, US',
    });
  });

  it('finds the one field changed in a whole record', () => {
    const barber = {
      name: 'Marcus Bell',
      hours: { monday: [['09:00', '17:00']] },
      services: [{ name: 'Fade', price: 35 }],
    };
    expect(change(barber, { ...barber, name: 'Marcus B. Bell' })).toEqual({
      before: 'name: Marcus Bell',
      after: 'name: Marcus B. Bell',
    });
    expect(change(barber, { ...barber, hours: { monday: [['10:00', '17:00']] } })).toEqual({
      before: 'hours.monday: 09:00–17:00',
      after: 'hours.monday: 10:00–17:00',
    });
    expect(change(barber, barber)).toEqual({ before: 'no change', after: 'no change' });
    // Its version, raised by every save, and a field missing on one side but empty on the other are no change.
    expect(
      change({ ...barber, version: 3, email: null }, { ...barber, version: 4, name: 'Marc Bell' }),
    ).toEqual({ before: 'name: Marcus Bell', after: 'name: Marc Bell' });
  });

  it('shows a creation or a single value as it is', () => {
    expect(change(null, { name: 'Logo Tee', price: 2500 })).toEqual({
      before: '—',
      after: 'name: Logo Tee; price: 2500',
    });
    expect(change({ Small: 3 }, { Small: 5 })).toEqual({ before: 'Small: 3', after: 'Small: 5' });
  });

  it("names the size whose stock changed and its count before and after, not the product's every size", () => {
    const stock = (medium: number) => [
      { size: 'Small', quantity: 0 },
      { size: 'Medium', quantity: medium },
      { size: 'Large', quantity: 9 },
    ];
    // A stock row of the trail: the product's counts before and after.
    expect(change(stock(5), stock(2))).toEqual({ before: 'Medium: 5', after: 'Medium: 2' });
    // The product's own row of the same save.
    const tee = { name: 'Barber Pole Tee', pricing: 30 };
    expect(change({ ...tee, stock: stock(5) }, { ...tee, stock: stock(2) })).toEqual({
      before: 'stock.Medium: 5',
      after: 'stock.Medium: 2',
    });
    // A size no longer offered, and a first size offered where there was none.
    expect(change(stock(2), stock(2).slice(1))).toEqual({ before: 'Small: 0', after: 'Small: —' });
    expect(change([], [{ size: 'One Size Fits All', quantity: 12 }])).toEqual({
      before: 'One Size Fits All: —',
      after: 'One Size Fits All: 12',
    });
    expect(change(null, stock(5))).toEqual({ before: '—', after: 'Small: 0; Medium: 5; Large: 9' });
  });

  it('reads an access level as the role it gives', () => {
    expect(change({ accessLevel: 0 }, { accessLevel: 1 })).toEqual({
      before: 'role: customer',
      after: 'role: staff',
    });
    expect(change({ accessLevel: 1 }, { accessLevel: 7 })).toEqual({
      before: 'role: staff',
      after: 'role: 7',
    });
  });

  it("gives a moment it records on the shop's clock, as the change's own time is given", () => {
    // A pickup code reissued in the evening: already the next day in UTC.
    expect(
      change(
        { wrongTries: 5, issuedAt: '2026-11-26T00:05:00.000Z' },
        { wrongTries: 0, issuedAt: '2026-11-26T02:30:00.000Z' },
      ),
    ).toEqual({
      before: 'wrongTries: 5; issuedAt: Nov 25, 2026, 5:05 PM MST',
      after: 'wrongTries: 0; issuedAt: Nov 25, 2026, 7:30 PM MST',
    });
    expect(change(null, { wrongTries: 0, issuedAt: '2026-07-04T16:05:00.000Z' })).toEqual({
      before: '—',
      after: 'wrongTries: 0; issuedAt: Jul 4, 2026, 10:05 AM MDT',
    });
  });
});
