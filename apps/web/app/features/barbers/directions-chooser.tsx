import { useEffect, useState } from 'react';
import { type Destination, deviceDirectionsUrl, isAppleDevice, webDirectionsUrl } from './directions.ts';

const linkClass = 'flex min-h-11 items-center px-3 hover:bg-charcoal/5 underline-offset-4 hover:underline';

/** The navigation chooser: a web maps service or the device's own maps app, whichever the visitor prefers. */
export function DirectionsChooser({ destination }: { destination: Destination }) {
  // Which maps app the device has is known only in the browser; the server's render offers geo:.
  const [apple, setApple] = useState(false);
  useEffect(() => setApple(isAppleDevice(navigator.userAgent)), []);
  return (
    <details
      className="group relative"
      onKeyDown={(event) => {
        // Escape closes it, as it does the header's menus, focus back on Get directions.
        if (event.key !== 'Escape' || !event.currentTarget.open) return;
        event.currentTarget.open = false;
        event.currentTarget.querySelector('summary')?.focus();
      }}
    >
      <summary className="inline-flex min-h-11 cursor-pointer list-none items-center gap-2 rounded border border-charcoal px-4 font-display text-sm uppercase tracking-wider hover:bg-charcoal hover:text-paper [&::-webkit-details-marker]:hidden">
        Get directions
        <span aria-hidden="true" className="transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <ul className="mt-1 rounded bg-white py-1 shadow ring-1 ring-black/10">
        <li>
          <a
            className={linkClass}
            href={webDirectionsUrl(destination)}
            target="_blank"
            rel="noopener noreferrer"
          >
            Google Maps<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </li>
        <li>
          <a className={linkClass} href={deviceDirectionsUrl(destination, apple)}>
            {apple ? 'Apple Maps' : 'Maps app on this device'}
          </a>
        </li>
      </ul>
    </details>
  );
}
