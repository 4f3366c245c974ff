import type { AdminProduct } from '@barbershop/contract';
import { useState } from 'react';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { ConfirmDialog } from '../../components/dialog.tsx';
import type { ApiClient } from '../../lib/api.ts';

type Action = 'publish' | 'archive' | 'delete';

/**
 * Publish and archive toggles and, for an archived product only and for admins, delete after a confirmation
 * (SPEC.md sections 4, 5 and 8). Each failure shows SPEC.md's alert text.
 */
export function ProductActions({
  api,
  product,
  onChanged,
  onDeleted,
  canDelete,
}: {
  api: ApiClient;
  product: AdminProduct;
  /** Deleting is for admins (the API refuses staff). */
  canDelete: boolean;
  /** A flag changed: what it now is, in words, for a notice (the button that changed it keeps focus). */
  onChanged: (said: string) => void;
  onDeleted: () => void;
}) {
  const [busy, setBusy] = useState<Action | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const name = encodeURIComponent(product.slug);

  async function run(action: Action, call: () => Promise<unknown>, failText: string, done: () => void) {
    setBusy(action);
    setFailure(null);
    try {
      await call();
      done();
    } catch {
      setFailure(failText);
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          busy={busy === 'publish'}
          onClick={() =>
            run(
              'publish',
              () => api.send('POST', `/products/publish/${name}`),
              'Product not published',
              () => onChanged(`${product.name} ${product.published ? 'unpublished' : 'published'}`),
            )
          }
        >
          {product.published ? 'Unpublish' : 'Publish'}
        </Button>
        <Button
          variant="secondary"
          busy={busy === 'archive'}
          onClick={() =>
            run(
              'archive',
              () => api.send('POST', `/products/archives/${name}`),
              'Product not archived',
              () => onChanged(`${product.name} ${product.archived ? 'unarchived' : 'archived'}`),
            )
          }
        >
          {product.archived ? 'Unarchive' : 'Archive'}
        </Button>
        {product.archived && canDelete && (
          <Button variant="danger" onClick={() => setConfirming(true)}>
            Delete
          </Button>
        )}
      </div>
      {failure && <Alert>{failure}</Alert>}
      <ConfirmDialog
        open={confirming}
        title="Delete product"
        message="Are you sure you want to delete this product?"
        confirmLabel="Delete"
        busy={busy === 'delete'}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          run(
            'delete',
            () => api.send('DELETE', `/products/${product._id}`),
            'Product not deleted',
            () => {
              setConfirming(false);
              onDeleted();
            },
          ).finally(() => setConfirming(false))
        }
      />
    </div>
  );
}
