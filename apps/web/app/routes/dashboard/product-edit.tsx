import { useNavigate } from 'react-router';
import { useToast } from '../../components/toast.tsx';
import { ProductForm } from '../../features/dashboard-products/product-form.tsx';
import { PageHeader } from '../../features/dashboard-shell/page-header.tsx';
import { useBrowserApi } from '../../lib/use-browser-api.ts';
import type { Route } from './+types/product-edit';
import { dashboardMeta } from './dashboard-meta.ts';
import { loadProduct } from './product-load.server.ts';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { product } = await loadProduct(request, context, params.productName);
  return { product };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return dashboardMeta(`Edit ${loaderData?.product.name ?? 'Product'}`, matches);
}

/** /dashboard/products/{productName}/edit: any field, images, stock per size; saved with its version. */
export default function ProductEdit({ loaderData }: Route.ComponentProps) {
  const api = useBrowserApi();
  const navigate = useNavigate();
  const toast = useToast();
  const { product } = loaderData;
  return (
    <>
      <PageHeader title={`Edit ${product.name}`} names={{ [product.slug]: product.name }} />
      <ProductForm
        // A new version from the server starts a fresh form.
        key={product.version}
        api={api}
        product={product}
        onSaved={(saved) => {
          toast('Product updated successfully');
          navigate(`/dashboard/products/${saved.slug}`);
        }}
      />
    </>
  );
}
