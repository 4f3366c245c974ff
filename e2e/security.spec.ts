import { expect, test } from './fixtures.ts';
import { withPublishedProduct } from './products.ts';
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

test("text staff save that would close a tag, a script or an attribute stays text in the product's page, its JSON-LD and its meta tags", async ({
  page,
}) => {
  // What a staff member (or someone holding their session) could type to run script in every
  // customer's browser: each break-out of the places a product's name and description are written.
  const name = `Tee ${Date.now()} </script><script>window.__xss=1</script>"'><!--`;
  const description = `</script><img src=x onerror="window.__xss=2"> <!-- <svg onload=window.__xss=3> \u2028\u2029 {{7*7}}`;
  await page.goto('/');
  await signIn(page, DEMO.staff);
  const form = { name, description, pricing: 20, category: 'Shirts', sizes: { Medium: 1 } };
  await withPublishedProduct(page, form, async ({ slug }) => {
    const response = await page.goto(`/store/${slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    // No element the text would have made, in the document as served or as the app left it.
    const html = await response!.text();
    expect(html).not.toContain('<script>window.__xss');
    expect(html).not.toContain('<img src=x');
    expect(await page.locator('img[src="x"], svg[onload]').count()).toBe(0);
    // The structured data is still JSON naming the product as typed, however it escapes `<`.
    const ldJson = await page.locator('script[type="application/ld+json"]').allTextContents();
    const documents = ldJson.map((text) => JSON.parse(text) as { '@type': string; name?: string });
    expect(documents.find((document) => document['@type'] === 'Product')).toMatchObject({
      name,
      description,
    });
    // Meta tags hold the text in their attribute, not as markup after it.
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
      'content',
      new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    );
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      /^<\/script><img src=x/,
    );
  });
});
