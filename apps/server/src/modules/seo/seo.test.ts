import { createBarber, createProduct } from '@barbershop/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, REAL_PROVIDERS, type TestApp } from '../../test/app.ts';

const PUBLIC_URL = 'https://goldstandard.example';

/** The <loc> entries of a sitemap, in order. */
function locations(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1] ?? '');
}

describe('sitemap.xml and robots.txt', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ PUBLIC_URL, ...REAL_PROVIDERS });
    const db = app.handle.db;
    await createProduct(db, { name: 'Logo Hoodie', category: 'Hoodies' });
    await createProduct(db, { name: 'Shop Cap', category: 'Hats' });
    await createProduct(db, { name: 'Draft Tee', published: false });
    await createProduct(db, { name: 'Old Tee', archived: true });
    await createProduct(db, { name: 'Gone Tee', deletedAt: new Date() });
    for (const name of ['Ana', 'Ben', 'Cy']) await createBarber(db, { name });
    await createBarber(db, { name: 'Dee', active: false });
  });
  afterAll(() => app.close());

  it("lists the public pages, each active barber's tab and every product on sale, as absolute URLs", async () => {
    const response = await app.inject('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    expect(response.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(locations(response.body)).toEqual([
      `${PUBLIC_URL}/`,
      `${PUBLIC_URL}/barbershops/barbers`,
      `${PUBLIC_URL}/store`,
      `${PUBLIC_URL}/legal/privacy`,
      `${PUBLIC_URL}/legal/terms`,
      // The barbers page's canonical URL for the second and third barber's tabs; the first is the bare page.
      `${PUBLIC_URL}/barbershops/barbers?index=1`,
      `${PUBLIC_URL}/barbershops/barbers?index=2`,
      `${PUBLIC_URL}/store/logo-hoodie`,
      `${PUBLIC_URL}/store/shop-cap`,
    ]);
    expect(response.body).toMatch(
      /<loc>https:\/\/goldstandard.example\/store\/logo-hoodie<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/,
    );
  });

  it('leaves out drafts, archived and deleted products', async () => {
    const body = (await app.inject('/sitemap.xml')).body;
    for (const slug of ['draft-tee', 'old-tee', 'gone-tee']) expect(body).not.toContain(slug);
  });

  it('keeps crawlers out of private pages and points them to the sitemap', async () => {
    const response = await app.inject('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const lines = response.body.split('\n');
    expect(lines).toContain('User-agent: *');
    for (const path of ['/dashboard', '/account', '/api', '/checkout', '/cart']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    expect(lines).not.toContain('Disallow: /');
  });
});
