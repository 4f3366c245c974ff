import { isUuid } from '@barbershop/contract/domain';
export type Crumb = { label: string; to: string };

// Segments whose words read better spelled out than title-cased; `:id` is SPEC.md's blank order.
const LABELS: Record<string, string> = { dashboard: 'Dashboard', ':id': 'New' };

function label(segment: string, names: Record<string, string>): string {
  const text = decodeURIComponent(segment);
  const named = names[text] ?? LABELS[text];
  if (named) return named;
  // An id the page did not name: its first block, as orders are shown ("Order 6b7f10b9").
  if (isUuid(text)) return text.slice(0, 8);
  return text
    .replace(/-/g, ' ')
    .replace(/(^|\s)(\p{Ll})/gu, (_, space: string, letter: string) => space + letter.toUpperCase());
}

/**
 * The breadcrumb of a dashboard page, one crumb per path segment (SPEC.md section 2):
 * /dashboard/products/logo-hoodie/edit -> Dashboard, Products, Logo Hoodie, Edit. `names` gives a
 * segment the name of what it stands for (a product's slug: its name as typed, punctuation and all).
 */
export function breadcrumbs(pathname: string, names: Record<string, string> = {}): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  return segments.map((segment, index) => ({
    label: label(segment, names),
    to: `/${segments.slice(0, index + 1).join('/')}`,
  }));
}
