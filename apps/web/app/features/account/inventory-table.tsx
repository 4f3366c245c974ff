import type { InventoryItem } from '@barbershop/contract';
import { Link } from 'react-router';
import { cellClass, EmptyState, TableHead } from '../../components/data-table.tsx';
import { StoredImage } from '../../components/stored-image.tsx';
import { TableScroll } from '../../components/table-scroll.tsx';

/** The account page's Inventory (SPEC.md section 2): every item the customer owns, each linking to its page. */
export function InventoryTable({ items }: { items: InventoryItem[] }) {
  if (items.length === 0) {
    return <EmptyState message="You don't own any items yet." to="/store" linkText="Visit the store" />;
  }
  return (
    <TableScroll label="Inventory">
      <table className="w-full min-w-[40rem] border-collapse">
        <caption className="sr-only">Items you own</caption>
        <TableHead
          columns={[
            'Image',
            'Name',
            'Item Id',
            'Size',
            <span key="action" className="sr-only">
              Action
            </span>,
          ]}
        />
        <tbody>
          {items.map((item) => (
            <tr key={item._id} className="border-t border-charcoal/10">
              <td className={cellClass}>
                <StoredImage
                  image={item.product.image}
                  sizes="48px"
                  alt=""
                  width={48}
                  height={48}
                  loading="lazy"
                  className="h-12 w-12 rounded object-cover"
                />
              </td>
              <th scope="row" className={`${cellClass} text-left font-semibold`}>
                {item.product.name}
              </th>
              <td className={`${cellClass} font-mono text-sm`}>{item._id}</td>
              <td className={cellClass}>{item.size}</td>
              <td className={cellClass}>
                <Link
                  to={`/store/${item.product.slug}/${item._id}`}
                  className="inline-flex min-h-11 items-center font-semibold text-brass-dark underline underline-offset-4"
                >
                  View
                  <span className="sr-only">
                    {' '}
                    {item.product.name}, {item.size}
                  </span>
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
