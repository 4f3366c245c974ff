import type { ItemCertificate as Certificate } from '@barbershop/contract';
import { formatDate } from '@barbershop/contract/format';
import { Link } from 'react-router';
import { StoredImage } from '../../components/stored-image.tsx';
import { useTimeZone } from '../../lib/use-time-zone.ts';
import { productImages } from './product-images.ts';

const STATUS_TEXT = { printing: 'Printing', ready: 'Ready' } as const;

/**
 * One physical item as a certificate of ownership (DESIGN.md section 8): what it is, its size and
 * status, whether it is owned (by whom only for the owner and staff: the API decides), and a QR code
 * of this page's own link.
 */
export function ItemCertificate({ certificate, qr }: { certificate: Certificate; qr: string }) {
  const timeZone = useTimeZone();
  const { product, item } = certificate;
  const [image] = productImages(product);
  const owner = item.owned
    ? item.ownerFirstName
      ? `Owned by ${item.ownerFirstName}`
      : 'Owned'
    : 'Not owned';
  return (
    <article className="mx-auto grid max-w-3xl gap-6 rounded-lg border-4 border-double border-brass bg-white p-6 shadow-sm sm:grid-cols-[1fr_auto] sm:p-10">
      <div className="space-y-4">
        <p className="font-display text-sm uppercase tracking-widest text-brass-dark">
          Certificate of ownership
        </p>
        <h1 className="text-3xl wrap-anywhere sm:text-4xl">
          {/* A product no longer in the store has no page to go to: its name alone. */}
          {product.inStore ? (
            <Link to={`/store/${product.slug}`} className="underline-offset-4 hover:underline">
              {product.name}
            </Link>
          ) : (
            product.name
          )}
        </h1>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2">
          <dt className="text-muted">Item</dt>
          <dd className="break-all font-mono text-sm">{item._id}</dd>
          <dt className="text-muted">Size</dt>
          <dd className="font-semibold">{item.size}</dd>
          <dt className="text-muted">Status</dt>
          <dd className="font-semibold">{STATUS_TEXT[item.status]}</dd>
          <dt className="text-muted">Owner</dt>
          <dd className="font-semibold wrap-anywhere">{owner}</dd>
          <dt className="text-muted">Made</dt>
          <dd>
            <time dateTime={item.createdAt}>{formatDate(item.createdAt, timeZone)}</time>
          </dd>
        </dl>
      </div>
      <div className="flex flex-col items-center gap-4">
        {image && (
          <StoredImage
            image={image}
            alt=""
            sizes="160px"
            width={160}
            height={160}
            className="h-40 w-40 rounded object-cover"
          />
        )}
        <div
          role="img"
          aria-label="QR code of this item's page"
          className="h-40 w-40 [&>svg]:h-full [&>svg]:w-full"
          // The SVG is drawn by our own loader from our own URL (lib/qr.server.ts), never from input.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: see above.
          dangerouslySetInnerHTML={{ __html: qr }}
        />
      </div>
    </article>
  );
}
