import type { UserDetail } from '@barbershop/contract';
import { describe, expect, it } from 'vitest';
import { renderedRouteHtml, testLoadContext, testUser, visibleText } from '../../lib/testing.ts';
import * as userPage from './user.tsx';

const STAFF = testUser(1, 'Sam Staff', '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b');
const CASEY = '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e';
// Orders numbered from 0, items from 500, so a row says which it is.
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const casey: UserDetail = {
  gid: CASEY,
  name: 'Casey Customer',
  email: 'casey@example.com',
  phone: null,
  address: null,
  accessLevel: 0,
  picture: '',
  emailVerified: true,
  createdAt: '2023-11-27T10:00:00.000Z',
  sameEmail: [],
  orders: Array.from({ length: 120 }, (_, n) => ({
    _id: id(n),
    total: 2500,
    date: '2026-11-27T10:00:00.000Z',
    status: 'delivered',
  })),
  items: Array.from({ length: 120 }, (_, n) => ({
    _id: id(500 + n),
    size: 'Large',
    status: 'ready',
    product: { _id: id(5000), name: 'Logo Tee', slug: 'logo-tee', image: { src: '', srcSet: '', alt: '' } },
  })),
};

async function page(query: string, user: UserDetail = casey) {
  const html = await renderedRouteHtml(
    { ...userPage, path: '/dashboard/users/:id' },
    `/dashboard/users/${CASEY}${query}`,
    (path) => (path.startsWith('/users/me') ? STAFF : path.startsWith('/audit') ? [] : user),
  );
  const shown = (from: number) =>
    [...new Set(html.match(/00000000-0000-4000-8000-\d{12}/g))].filter((found) => {
      const n = Number(found.slice(-12));
      return n >= from && n < from + 500;
    }).length;
  return { html, text: visibleText(html), orders: shown(0), items: shown(500) };
}

describe("a customer's page in the dashboard", () => {
  it('shows their orders and items 50 at a time, each list paged on its own', async () => {
    const first = await page('');
    expect([first.orders, first.items]).toEqual([50, 50]);
    expect(first.text).toContain('Orders 1–50 of 120, newest first Older orders');
    expect(first.text).toContain('Items 1–50 of 120, newest first Older items');

    const later = await page('?orders-page=2&items-page=3');
    expect([later.orders, later.items]).toEqual([50, 20]);
    expect(later.text).toContain('Orders 51–100 of 120');
    expect(later.text).toContain('Items 101–120 of 120');
    // Turning one list's page keeps the other's.
    expect(later.html).toContain(
      'href="/dashboard/users/1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e?orders-page=2&amp;items-page=2"',
    );
  });
});

describe("a user's email on their page", () => {
  // Some providers let anyone sign in with an address they do not own: the account whose provider
  // did not vouch for it may not be its owner's, which matters before giving it a role.
  it('says when the sign-in provider did not verify it, and nothing when it did or is not known', async () => {
    const NOT_VERIFIED = 'Not verified by the sign-in provider';
    expect((await page('', { ...casey, emailVerified: false })).text).toContain(
      `casey@example.com ${NOT_VERIFIED}`,
    );
    expect((await page('')).text).not.toContain(NOT_VERIFIED);
    expect((await page('', { ...casey, emailVerified: null })).text).not.toContain(NOT_VERIFIED);
  });

  it('names another account with the email and says where the orders are, for a customer who signed in another way', async () => {
    const other = {
      gid: '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f',
      name: 'Casey New',
      createdAt: '2026-11-28T10:00:00.000Z',
    };
    const { text, html } = await page('', { ...casey, sameEmail: [other] });
    expect(text).toContain('Another account has this email: Casey New (joined Nov 28, 2026)');
    expect(text).toContain(
      'Each way of signing in is an account of its own: orders and items stay with the account that placed them, and the customer sees them only when signed in to that account.',
    );
    expect(html).toContain(`href="/dashboard/users/${other.gid}"`);
    expect((await page('')).text).not.toContain('this email:');
  });
});

describe('a save by an admin whose role was lowered to staff since the page opened', () => {
  // The dashboard is still theirs; the role, phone and address are no longer theirs to change.
  async function save(form: Record<string, string>) {
    const sent: string[] = [];
    const context = testLoadContext(async (path, init) => {
      if (path.startsWith('/users/me')) return Response.json(STAFF);
      sent.push(`${init?.method} ${path}`);
      return Response.json(
        { error: { code: 'forbidden', message: 'Administrators only.' } },
        { status: 403 },
      );
    });
    const request = new Request(`http://localhost/dashboard/users/${CASEY}`, {
      method: 'POST',
      body: new URLSearchParams(form),
    });
    const answer = await userPage.action({ request, context, params: { id: CASEY } } as never);
    return { answer, sent };
  }

  it('is refused where the form is, saying why, not sent to the sign-in page as if the page were not theirs', async () => {
    const role = await save({ accessLevel: '1' });
    expect(role.sent).toEqual([`PATCH /users/${CASEY}`]);
    // With the refusal's status: the page is not loaded again, so the form and what it says stay.
    expect(role.answer).toMatchObject({
      init: { status: 403 },
      data: { error: 'Role not saved: your account is no longer an admin, and only admins change this.' },
    });
    const contact = await save({ intent: 'contact', phone: '7195550123' });
    expect(contact.answer).toMatchObject({
      init: { status: 403 },
      data: {
        error: 'Contact details not saved: your account is no longer an admin, and only admins change this.',
      },
    });
  });
});
