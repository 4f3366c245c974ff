import type { InventoryItem } from '@barbershop/contract';
import { Link } from 'react-router';
import { DataTable, EmptyState, tableLinkClass } from '../../components/data-table.tsx';
import { StoredImage } from '../../components/stored-image.tsx';

/** The account page's Inventory (SPEC.md section 2): every item the customer owns, each linking to its page. */
export function InventoryTable({ items }: { items: InventoryItem[] }) {
  return (
    <DataTable
      label="Inventory"
      caption="Items you own"
      rows={items}
      rowKey={(item) => item._id}
      empty={<EmptyState message="You don't own any items yet." to="/store" linkText="Visit the store" />}
      columns={[
        {
          header: 'Image',
          cell: (item) => (
            <StoredImage
              image={item.product.image}
              sizes="48px"
              alt=""
              width={48}
              height={48}
              loading="lazy"
              className="h-12 w-12 rounded object-cover"
            />
          ),
        },
        { header: 'Name', cell: (item) => item.product.name, rowHeader: true },
        { header: 'Item Id', cell: (item) => item._id, className: 'font-mono text-sm' },
        { header: 'Size', cell: (item) => item.size },
        {
          header: <span className="sr-only">Action</span>,
          cell: (item) => (
            <Link to={`/store/${item.product.slug}/${item._id}`} className={tableLinkClass}>
              View
              <span className="sr-only">
                {' '}
                {item.product.name}, {item.size}
              </span>
            </Link>
          ),
        },
      ]}
    />
  );
}
