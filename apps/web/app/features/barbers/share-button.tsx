import { useEffect, useRef, useState } from 'react';
import { LineIcon } from '../../components/line-icon.tsx';
import { copyText } from './copy-text.ts';

/** SPEC.md section 9: the copied notice shows for 2 seconds. */
export const COPIED_NOTICE_MS = 2000;

/** The page's URL with this barber's tab selected, so a shared link opens on them. */
function shareUrl(index: number): string {
  const url = new URL(window.location.href);
  url.searchParams.set('index', String(index));
  return url.href;
}

/** Copies a link to this barber's tab; where copying is refused, shows the link selected to copy by hand. */
export function ShareButton({ index, name }: { index: number; name: string }) {
  const [copiedAt, setCopiedAt] = useState<number | null>(null);
  const [manualUrl, setManualUrl] = useState<string | null>(null);
  const manualField = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (copiedAt === null) return;
    const timer = setTimeout(() => setCopiedAt(null), COPIED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [copiedAt]);

  useEffect(() => {
    if (manualUrl) manualField.current?.select();
  }, [manualUrl]);

  async function share() {
    const url = shareUrl(index);
    if (await copyText(url)) {
      setManualUrl(null);
      setCopiedAt(Date.now());
    } else {
      setManualUrl(url);
    }
  }

  return (
    <div className="relative">
      <button
        type="button"
        onClick={share}
        aria-label={`Copy a link to ${name}'s page`}
        className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-full text-charcoal hover:bg-charcoal/10"
      >
        <LineIcon>
          <circle cx="18" cy="5" r="3" />
          <circle cx="6" cy="12" r="3" />
          <circle cx="18" cy="19" r="3" />
          <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
        </LineIcon>
      </button>
      <p
        role="status"
        className={
          copiedAt === null
            ? 'sr-only'
            : 'absolute right-0 top-full z-10 mt-1 whitespace-nowrap rounded bg-charcoal px-3 py-2 text-sm text-paper shadow'
        }
      >
        {copiedAt !== null ? 'Copied to clipboard!' : ''}
      </p>
      {manualUrl && (
        <label className="absolute right-0 top-full z-10 mt-1 block w-72 max-w-[80vw] rounded bg-white p-3 text-sm shadow ring-1 ring-black/10">
          Copy this link:
          <input
            ref={manualField}
            readOnly
            value={manualUrl}
            onBlur={() => setManualUrl(null)}
            // 16 px: Safari on an iPhone zooms the page into a focused field whose text is smaller.
            className="mt-1 block min-h-11 w-full rounded border border-muted px-2 text-base"
          />
        </label>
      )}
    </div>
  );
}
