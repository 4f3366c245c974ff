import type { AdminProduct } from '@barbershop/contract';
import { useState } from 'react';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { ConfirmDialog } from '../../components/dialog.tsx';
import { useSignInAgain } from '../../components/sign-in-again.tsx';
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
  const signInAgain = useSignInAgain();
  const [confirming, setConfirming] = useState(false);
  // By id, which a rename elsewhere does not change; each button sends the state it shows, so a click
  // on a page opened before someone else's change sets that state rather than undoing theirs.
  const target = product._id;

  async function run<T>(action: Action, call: () => Promise<T>, failText: string, done: (result: T) => void) {
    setBusy(action);
    setFailure(null);
    try {
      done(await call());
    } catch (error) {
      signInAgain.noteFrom(error);
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
              () => api.send('POST', `/products/publish/${target}`, { published: !product.published }),
              'Product not published',
              (saved) => onChanged(`${saved.name} ${saved.published ? 'published' : 'unpublished'}`),
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
              () => api.send('POST', `/products/archives/${target}`, { archived: !product.archived }),
              'Product not archived',
              (saved) => onChanged(`${saved.name} ${saved.archived ? 'archived' : 'unarchived'}`),
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
      {failure && (
        <Alert>
          {failure}
          {signInAgain.note}
        </Alert>
      )}
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
