import { useNavigate } from 'react-router';
import { useToast } from '../../components/toast.tsx';
import { ProductForm } from '../../features/dashboard-products/product-form.tsx';
import { PageHeader } from '../../features/dashboard-shell/page-header.tsx';
import { useBrowserApi } from '../../lib/use-browser-api.ts';
import type { Route } from './+types/product-create';
import { dashboardMeta } from './dashboard-meta.ts';

export function meta({ matches }: Route.MetaArgs) {
  return dashboardMeta('Create Product', matches);
}

/**
 * /dashboard/products/create: a new product; success goes back to the list (SPEC.md section 7), the
 * notice saying the product is a draft and linking to its page, where Publish is.
 */
export default function ProductCreate() {
  const api = useBrowserApi();
  const navigate = useNavigate();
  const toast = useToast();
  return (
    <>
      <PageHeader title="Create Product" />
      <ProductForm
        api={api}
        onSaved={(product) => {
          // A new product is a draft: the store shows it only once it is published, on its own page.
          toast(`Product ${product.name} created as a draft: the store shows it once published.`, 'success', {
            to: `/dashboard/products/${product.slug}`,
            label: 'Publish it on its page',
          });
          navigate('/dashboard/products');
        }}
      />
    </>
  );
}
