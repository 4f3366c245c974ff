import type { InventoryItem } from '@barbershop/contract';
import { Link } from 'react-router';
import { TableScroll } from '../../components/table-scroll.tsx';

const th = 'px-4 py-3 text-left font-display text-sm uppercase tracking-wide';
const td = 'px-4 py-3 align-middle';

/** The account page's Inventory (SPEC.md section 2): every item the customer owns, each linking to its page. */
export function InventoryTable({ items }: { items: InventoryItem[] }) {
  if (items.length === 0) {
    return (
      <div className="rounded-lg bg-white px-6 py-10 text-center ring-1 ring-charcoal/10">
        <p>You don't own any items yet.</p>
        <p className="mt-2">
          <Link to="/store" className="font-semibold text-brass-dark underline underline-offset-4">
            Visit the store
          </Link>
        </p>
      </div>
    );
  }
  return (
    <TableScroll label="Inventory">
      <table className="w-full min-w-[40rem] border-collapse">
        <caption className="sr-only">Items you own</caption>
        <thead className="bg-charcoal text-paper">
          <tr>
            <th scope="col" className={th}>
              Image
            </th>
            <th scope="col" className={th}>
              Name
            </th>
            <th scope="col" className={th}>
              Item Id
            </th>
            <th scope="col" className={th}>
              Size
            </th>
            <th scope="col" className={th}>
              <span className="sr-only">Action</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item._id} className="border-t border-charcoal/10">
              <td className={td}>
                <img
                  src={item.product.image.src}
                  srcSet={item.product.image.srcSet || undefined}
                  sizes="48px"
                  alt=""
                  width={48}
                  height={48}
                  loading="lazy"
                  className="h-12 w-12 rounded object-cover"
                />
              </td>
              <th scope="row" className={`${td} text-left font-semibold`}>
                {item.product.name}
              </th>
              <td className={`${td} font-mono text-sm`}>{item._id}</td>
              <td className={td}>{item.size}</td>
              <td className={td}>
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
