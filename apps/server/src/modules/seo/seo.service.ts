import type { Executor } from '@barbershop/db';
import type { PublicCache } from '../../plugins/public-cache.ts';
import { listBarbers } from '../barbers/barbers.service.ts';
import { listListedProducts } from './seo.repository.ts';

const BARBERS_PAGE = '/barbershops/barbers';

/** The public pages that exist whatever the catalogue holds. */
export const PUBLIC_PAGES = ['/', BARBERS_PAGE, '/store', '/legal/privacy', '/legal/terms'] as const;

/** Paths a crawler has no business in: private pages, the API and the purchase flow. */
export const DISALLOWED_PATHS = ['/dashboard', '/account', '/api', '/checkout', '/cart'] as const;

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);
}

function urlEntry(loc: string, lastmod?: Date): string {
  const modified = lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : '';
  return `<url><loc>${escapeXml(loc)}</loc>${modified}</url>`;
}

/** The barbers page's canonical URL for each barber's tab but the first: `?index=N`, as its `meta` says. */
function barberTabUrls(count: number, publicUrl: string): string[] {
  return Array.from({ length: Math.max(count - 1, 0) }, (_, i) => {
    const url = new URL(BARBERS_PAGE, publicUrl);
    url.searchParams.set('index', String(i + 1));
    return url.href;
  });
}

/**
 * The sitemap search engines read, as absolute URLs: every public page, each barber's tab (a page
 * of its own to search engines) and every product on sale.
 */
export async function buildSitemap(db: Executor, cache: PublicCache, publicUrl: string): Promise<string> {
  const products = await listListedProducts(db);
  const barbers = await listBarbers(db, cache);
  const entries = [
    ...PUBLIC_PAGES.map((path) => urlEntry(new URL(path, publicUrl).href)),
    ...barberTabUrls(barbers.length, publicUrl).map((url) => urlEntry(url)),
    ...products.map((product) =>
      urlEntry(new URL(`/store/${encodeURIComponent(product.slug)}`, publicUrl).href, product.updatedAt),
    ),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

/** robots.txt: keeps crawlers out of private pages and points them at the sitemap. */
export function buildRobots(publicUrl: string): string {
  return [
    'User-agent: *',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${new URL('/sitemap.xml', publicUrl).href}`,
    '',
  ].join('\n');
}
