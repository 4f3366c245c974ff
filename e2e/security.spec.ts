import { expect, test } from './fixtures.ts';
import { DEMO, signIn } from './sign-in.ts';

// Issue 13, point 5: the headers the production build's pages carry. API answers are checked
// without a build in apps/server/src/proof/security.test.ts.

/** The policy's directives, by name. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

// Map tiles cannot be fetched offline; a blocked tile would say 'Refused to load', which still fails.
test.use({
  allowedConsoleErrors: [/ERR_NAME_NOT_RESOLVED \(https:\/\/(tile\.openstreetmap\.org|api\.mapbox\.com)\//],
});

const PUBLIC_PAGES = ['/', '/barbershops/barbers', '/legal/terms', '/legal/privacy'];

test('every page carries a CSP that allows only what the pages need, and nosniff', async ({
  page,
  checkA11y,
}) => {
  await signIn(page, DEMO.customer);
  for (const path of [...PUBLIC_PAGES, '/account']) {
    // Any script or style the policy blocked would show as a console error and fail the test.
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    const headers = response!.headers();
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    const csp = directives(headers['content-security-policy'] ?? '');
    const scripts = csp.get('script-src') ?? [];
    expect(scripts, path).toContain("'self'");
    expect(
      scripts.some((source) => source.startsWith("'nonce-")),
      path,
    ).toBe(true);
    expect(scripts, path).not.toContain("'unsafe-inline'");
    expect(scripts, path).not.toContain("'unsafe-eval'");
    expect(csp.get('default-src'), path).toEqual(["'self'"]);
    expect(csp.get('object-src'), path).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors'), path).toEqual(["'none'"]);
    expect(csp.get('base-uri'), path).toEqual(["'self'"]);
    const nonce = scripts.find((source) => source.startsWith("'nonce-"))!.slice(7, -1);
    // Every inline script the server wrote runs by this response's nonce (data blocks need none).
    const html = await response!.text();
    const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>/g)]
      .map((match) => match[1]!)
      .filter((attributes) => !/type="application\/(ld\+)?json"/.test(attributes));
    expect(inline.length, path).toBeGreaterThan(0);
    for (const attributes of inline) expect(attributes, path).toContain(`nonce="${nonce}"`);
    await checkA11y();
  }
});

test('a nonce is never reused from one answer to the next', async ({ request }) => {
  const nonces = new Set<string>();
  for (let i = 0; i < 3; i += 1) {
    const csp = (await request.get('/')).headers()['content-security-policy'] ?? '';
    nonces.add(/'nonce-([^']+)'/.exec(csp)?.[1] ?? '');
  }
  expect(nonces.size).toBe(3);
});
