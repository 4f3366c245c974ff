import { Link, useLocation } from 'react-router';
import { breadcrumbs } from './breadcrumb.ts';

/**
 * The top of every dashboard page: the breadcrumb built from the path, the title as the page's one
 * h1, and optional actions (an Edit button, a Create link) beside it. `names` names the path's slugs
 * and ids for the breadcrumb. Printed, the title stays (a printed order or list says what it is)
 * and the breadcrumb and actions, which do nothing on paper, are left off.
 */
export function PageHeader({
  title,
  actions,
  names,
}: {
  title: string;
  actions?: React.ReactNode;
  names?: Record<string, string>;
}) {
  const crumbs = breadcrumbs(useLocation().pathname, names);
  return (
    <div className="mb-6">
      <nav aria-label="Breadcrumb" className="print:hidden">
        <ol className="flex flex-wrap items-center text-sm text-muted">
          {crumbs.map((crumb, index) => {
            const last = index === crumbs.length - 1;
            return (
              <li key={crumb.to} className="flex min-w-0 items-center">
                {last ? (
                  <span
                    aria-current="page"
                    className="min-w-0 py-2 font-semibold text-charcoal wrap-anywhere"
                  >
                    {crumb.label}
                  </span>
                ) : (
                  <>
                    <Link
                      to={crumb.to}
                      className="inline-flex min-h-11 min-w-0 items-center wrap-anywhere underline-offset-4 hover:underline"
                    >
                      {crumb.label}
                    </Link>
                    <span aria-hidden="true" className="px-2">
                      /
                    </span>
                  </>
                )}
              </li>
            );
          })}
        </ol>
      </nav>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="min-w-0 text-3xl wrap-anywhere sm:text-4xl">{title}</h1>
        {actions && <div className="flex flex-wrap gap-3 print:hidden">{actions}</div>}
      </div>
    </div>
  );
}
