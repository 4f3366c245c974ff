import type { AdminProduct } from '@barbershop/contract';
import { formatPricing } from '@barbershop/contract/format';
import { Link } from 'react-router';
import { DataTable, EmptyState, tableLinkClass } from '../../components/data-table.tsx';
import { StoredImage } from '../../components/stored-image.tsx';

/** PUBLISHED or DRAFT (SPEC.md section 2); an archived product says so whatever its flag. */
export function productStatus(product: Pick<AdminProduct, 'published' | 'archived'>): string {
  if (product.archived) return 'ARCHIVED';
  return product.published ? 'PUBLISHED' : 'DRAFT';
}

const STATUS_CLASS: Record<string, string> = {
  PUBLISHED: 'bg-green-100 text-green-900',
  DRAFT: 'bg-charcoal/10 text-charcoal',
  ARCHIVED: 'bg-red-100 text-red-900',
};

export function ProductStatusBadge({ product }: { product: Pick<AdminProduct, 'published' | 'archived'> }) {
  const status = productStatus(product);
  return (
    <span
      className={`inline-block rounded px-2 py-1 text-xs font-semibold tracking-wide ${STATUS_CLASS[status]}`}
    >
      {status}
    </span>
  );
}

export function totalStock(product: Pick<AdminProduct, 'stock'>): number {
  return product.stock.reduce((sum, entry) => sum + entry.quantity, 0);
}

/** The dashboard's product list (SPEC.md section 2): SKU, name, stock, pricing, images, status, View and Edit. */
export function ProductsTable({ products }: { products: AdminProduct[] }) {
  return (
    <DataTable
      label="Products"
      caption="Every product, drafts and archived ones too"
      minWidth="56rem"
      rows={products}
      rowKey={(product) => product._id}
      empty={
        <EmptyState message="No products yet." to="/dashboard/products/create" linkText="Create a product" />
      }
      columns={[
        { header: 'SKU', cell: (product) => product._id, className: 'font-mono text-xs break-all' },
        { header: 'Name', cell: (product) => product.name, rowHeader: true, typed: true },
        { header: 'Stock', cell: totalStock },
        { header: 'Pricing', cell: (product) => formatPricing(product.pricing) },
        {
          header: 'Images',
          cell: (product) => (
            <span className="flex items-center gap-2">
              {product.images[0] && (
                <StoredImage
                  image={product.images[0]}
                  alt=""
                  sizes="40px"
                  width={40}
                  height={40}
                  loading="lazy"
                  className="h-10 w-10 rounded object-cover"
                />
              )}
              {/* Stored images: a product without any shows the placeholder, which is not one of them. */}
              {product.imageKeys.length}
            </span>
          ),
        },
        { header: 'Status', cell: (product) => <ProductStatusBadge product={product} /> },
        {
          header: 'Actions',
          cell: (product) => (
            <span className="flex gap-4">
              <Link to={`/dashboard/products/${product.slug}`} className={tableLinkClass}>
                View<span className="sr-only"> {product.name}</span>
              </Link>
              <Link to={`/dashboard/products/${product.slug}/edit`} className={tableLinkClass}>
                Edit<span className="sr-only"> {product.name}</span>
              </Link>
            </span>
          ),
        },
      ]}
    />
  );
}
