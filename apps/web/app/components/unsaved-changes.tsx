import { useCallback, useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from './dialog.tsx';

/**
 * Asks before a form's changes are left unsaved: a link or Back within the site opens a dialog (Stay
 * has focus first), a reload, a closed tab or another site gets the browser's own question.
 *
 * `snapshot` is the form's values as one string; the form has changes when it differs from the values
 * it was opened (or last saved) with. Call `allowLeaving` once they are saved, before navigating away,
 * with the snapshot that was sent (by default the latest values), so a navigation in the same tick
 * goes through and what was typed while saving still counts as a change.
 */
export function useUnsavedChanges(snapshot: string): {
  prompt: React.ReactNode;
  allowLeaving: (sent?: string) => void;
} {
  const latest = useRef(snapshot);
  latest.current = snapshot;
  const [saved, setSaved] = useState(snapshot);
  const savedRef = useRef(saved);
  const changed = snapshot !== saved;

  // Read through refs: the router keeps the function it was given, and a save navigates at once.
  const blocker = useBlocker(
    useCallback(
      ({ currentLocation, nextLocation }) =>
        latest.current !== savedRef.current && currentLocation.pathname !== nextLocation.pathname,
      [],
    ),
  );

  // Listened for only while there are changes: a beforeunload listener keeps some browsers from
  // caching the page for Back.
  useEffect(() => {
    if (!changed) return;
    const ask = (event: BeforeUnloadEvent) => {
      if (latest.current === savedRef.current) return;
      event.preventDefault();
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [changed]);

  const allowLeaving = useCallback((sent: string = latest.current) => {
    savedRef.current = sent;
    setSaved(sent);
  }, []);

  const prompt = (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Leave without saving?"
      message="Your changes on this page are not saved. If you leave now, they are lost."
      confirmLabel="Leave without saving"
      cancelLabel="Stay on this page"
      onConfirm={() => blocker.state === 'blocked' && blocker.proceed()}
      onCancel={() => blocker.state === 'blocked' && blocker.reset()}
    />
  );
  return { prompt, allowLeaving };
}
