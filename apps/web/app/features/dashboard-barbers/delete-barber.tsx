import { useState } from 'react';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { ConfirmDialog } from '../../components/dialog.tsx';
import { SignInAgain } from '../../components/sign-in-again.tsx';
import { type ApiClient, isSessionEnded } from '../../lib/api.ts';

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
  // The last change was refused because the session had ended: the alert says how to sign in again.
  const [sessionEnded, setSessionEnded] = useState(false);
  async function remove() {
    setBusy(true);
    setFailure(null);
    try {
      await api.send('DELETE', `/barbers/${gid}`);
      setConfirming(false);
      onDeleted();
    } catch (error) {
      setConfirming(false);
      setSessionEnded(isSessionEnded(error));
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
          {sessionEnded && <SignInAgain />}
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
