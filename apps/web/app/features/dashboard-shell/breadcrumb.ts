export type Crumb = { label: string; to: string };

// Segments whose words read better spelled out than title-cased.
const LABELS: Record<string, string> = { dashboard: 'Dashboard' };

function label(segment: string): string {
  const text = decodeURIComponent(segment);
  return (
    LABELS[text] ??
    text
      .replace(/-/g, ' ')
      .replace(/(^|\s)(\p{Ll})/gu, (_, space: string, letter: string) => space + letter.toUpperCase())
  );
}

/**
 * The breadcrumb of a dashboard page, one crumb per path segment (SPEC.md section 2):
 * /dashboard/products/logo-hoodie/edit -> Dashboard, Products, Logo Hoodie, Edit.
 */
export function breadcrumbs(pathname: string): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  return segments.map((segment, index) => ({
    label: label(segment),
    to: `/${segments.slice(0, index + 1).join('/')}`,
  }));
}
