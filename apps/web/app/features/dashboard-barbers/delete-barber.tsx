import { useState } from 'react';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { ConfirmDialog } from '../../components/dialog.tsx';
import { useSignInAgain } from '../../components/sign-in-again.tsx';
import type { ApiClient } from '../../lib/api.ts';

/** Delete a barber (admin), after a confirmation. */
export function DeleteBarber({
  api,
  gid,
  name,
  onDeleted,
}: {
  api: ApiClient;
  gid: string;
  name: string;
  onDeleted: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const signInAgain = useSignInAgain();
  async function remove() {
    setBusy(true);
    setFailure(null);
    try {
      await api.send('DELETE', `/barbers/${gid}`);
      setConfirming(false);
      onDeleted();
    } catch (error) {
      setConfirming(false);
      signInAgain.noteFrom(error);
      setFailure('Barber not deleted');
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <Button variant="danger" onClick={() => setConfirming(true)}>
        Delete<span className="sr-only"> {name}</span>
      </Button>
      {failure && (
        <Alert>
          {failure}
          {signInAgain.note}
        </Alert>
      )}
      <ConfirmDialog
        open={confirming}
        title="Delete barber"
        message={`Are you sure you want to delete ${name}? Their page leaves the site.`}
        confirmLabel="Delete"
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={remove}
      />
    </>
  );
}
