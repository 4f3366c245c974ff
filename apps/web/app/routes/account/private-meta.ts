import type { MetaDescriptor } from 'react-router';
import { siteFromMatches } from '../../lib/seo.ts';

/** Title for a signed-in visitor's page; such pages are nobody else's business, so not indexed. */
export function privatePageMeta(
  title: string,
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[],
): MetaDescriptor[] {
  const { shop } = siteFromMatches(matches);
  return [{ title: `${title} | ${shop?.name ?? 'Barbershop'}` }, { name: 'robots', content: 'noindex' }];
}
