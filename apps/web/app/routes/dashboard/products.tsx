import { Link } from 'react-router';
import { buttonClass } from '../../components/button.tsx';
import { ProductsTable } from '../../features/dashboard-products/products-table.tsx';
import { PageHeader } from '../../features/dashboard-shell/page-header.tsx';
import { orNotFound, serverApi } from '../../lib/api.ts';
import type { Route } from './+types/products';
import { dashboardMeta } from './dashboard-meta.ts';

export async function loader({ context }: Route.LoaderArgs) {
  const products = await orNotFound(serverApi(context).get('/products'));
  return { products };
}

export function meta({ matches }: Route.MetaArgs) {
  return dashboardMeta('Products', matches);
}

/** /dashboard/products: every product, drafts and archived too. */
export default function Products({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Products"
        actions={
          <Link to="/dashboard/products/create" className={buttonClass()}>
            Create product
          </Link>
        }
      />
      <ProductsTable products={loaderData.products} />
    </>
  );
}
