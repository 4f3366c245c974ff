import { useCallback, useState } from 'react';

type Said = { text: string; id: number };

/**
 * A sentence for screen readers about a change they would not otherwise hear of (a cart line gone,
 * the keyboard moved on to the next one). `announce` sets it; `<Announcement said={said} />` says it;
 * `clear` takes it away once it would be read as news it no longer is.
 */
export function useAnnouncement() {
  const [said, setSaid] = useState<Said | null>(null);
  const announce = useCallback((text: string) => setSaid({ text, id: Date.now() + Math.random() }), []);
  const clear = useCallback(() => setSaid(null), []);
  return { said, announce, clear };
}

/**
 * The status region an announcement is read from, on the page before anything is said in it: a region
 * added with its text already in it is not reliably read. The text is keyed by each announcement, so
 * the same words said again are read again.
 */
export function Announcement({ said }: { said: Said | null }) {
  return (
    <p role="status" className="sr-only">
      {said && <span key={said.id}>{said.text}</span>}
    </p>
  );
}
