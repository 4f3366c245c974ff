import type { MetaDescriptor } from 'react-router';
import { privatePageMeta } from '../account/private-meta.ts';

/** A dashboard page's title: "<page> · Dashboard | <shop>", never indexed. */
export function dashboardMeta(
  title: string,
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[],
): MetaDescriptor[] {
  return privatePageMeta(`${title} · Dashboard`, matches);
}
