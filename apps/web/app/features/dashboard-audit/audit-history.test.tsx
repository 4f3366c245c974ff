import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AuditActor } from './audit-history.tsx';

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
