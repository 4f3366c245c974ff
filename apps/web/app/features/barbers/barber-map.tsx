import type * as Leaflet from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { tileSource } from './map-tiles.ts';

/** SPEC.md section 9: zoom 11 normally, 14 zoomed in; a click toggles between them. */
export const ZOOM_NORMAL = 11;
export const ZOOM_CLOSE = 14;
/** Tiles that have not arrived by then are not coming (offline, blocked): say so instead of waiting. */
const TILE_TIMEOUT_MS = 5000;

type Status = 'loading' | 'ready' | 'unavailable';

/** Leaflet is a CommonJS bundle: depending on the bundler its API is the module or its default export. */
async function loadLeaflet(): Promise<typeof Leaflet> {
  const [module] = await Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css')]);
  return (module as typeof Leaflet & { default?: typeof Leaflet }).default ?? module;
}

/** Within this distance of the viewport, the map is about to be seen: start loading it. */
const NEAR_VIEW = '300px';

/**
 * Resolves when the element comes near the viewport or is touched, whichever is first; never for a
 * hidden panel's map. Until then the first load carries no map code (about 43 KB gzip).
 */
function whenNearView(element: HTMLElement, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (typeof IntersectionObserver === 'undefined') return resolve();
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) done();
      },
      { rootMargin: NEAR_VIEW },
    );
    const done = () => {
      observer.disconnect();
      if (!signal.aborted) resolve();
    };
    observer.observe(element);
    element.addEventListener('pointerdown', done, { once: true, signal });
    signal.addEventListener('abort', () => observer.disconnect());
  });
}

/**
 * The barber's location on a 150 px map. Leaflet and its styles load only here, in the browser, when
 * the map comes near the viewport (a placeholder until then). Mapbox tiles with a maps token, OpenStreetMap's otherwise. Without coordinates,
 * or when no tile arrives, it says the map is unavailable: the address and directions still work.
 */
export function BarberMap({
  lat,
  lng,
  place,
  mapsToken,
}: {
  lat: number | null;
  lng: number | null;
  place: string;
  mapsToken: string;
}) {
  const container = useRef<HTMLElement>(null);
  const toggleZoom = useRef<(() => void) | null>(null);
  const hasCoordinates = lat !== null && lng !== null;
  const [status, setStatus] = useState<Status>(hasCoordinates ? 'loading' : 'unavailable');
  const [mapShown, setMapShown] = useState(false);
  const [zoom, setZoom] = useState(ZOOM_NORMAL);

  useEffect(() => {
    if (lat === null || lng === null) {
      setStatus('unavailable');
      return;
    }
    let cancelled = false;
    let map: Leaflet.Map | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const near = new AbortController();
    setStatus('loading');
    if (!container.current) return;
    whenNearView(container.current, near.signal)
      .then(loadLeaflet)
      .then((L) => {
        if (cancelled || !container.current) return;
        map = L.map(container.current, {
          center: [lat, lng],
          zoom: ZOOM_NORMAL,
          zoomControl: false,
          scrollWheelZoom: false,
          doubleClickZoom: false,
          // Not a tab stop: the zoom button below does the same for keyboard users.
          keyboard: false,
        });
        const source = tileSource(mapsToken);
        const tiles = L.tileLayer(source.url, source.options);
        let tileArrived = false;
        tiles.on('tileload', () => {
          tileArrived = true;
          setStatus('ready');
        });
        tiles.on('tileerror', () => {
          if (!tileArrived) setStatus('unavailable');
        });
        tiles.addTo(map);
        L.circleMarker([lat, lng], {
          radius: 9,
          color: '#1c1b19',
          weight: 3,
          fillColor: '#b8893b',
          fillOpacity: 1,
        }).addTo(map);
        const shown = map;
        toggleZoom.current = () => {
          const next = shown.getZoom() === ZOOM_CLOSE ? ZOOM_NORMAL : ZOOM_CLOSE;
          shown.setView([lat, lng], next);
          setZoom(next);
        };
        map.on('click', () => toggleZoom.current?.());
        setMapShown(true);
        timer = setTimeout(() => {
          if (!tileArrived) setStatus('unavailable');
        }, TILE_TIMEOUT_MS);
      })
      .catch(() => {
        if (!cancelled) setStatus('unavailable');
      });
    return () => {
      cancelled = true;
      near.abort();
      clearTimeout(timer);
      toggleZoom.current = null;
      map?.remove();
      setMapShown(false);
      setZoom(ZOOM_NORMAL);
    };
  }, [lat, lng, mapsToken]);

  return (
    <div>
      <div className="relative h-[150px] overflow-hidden rounded bg-charcoal/10">
        <section ref={container} aria-label={`Map of ${place}`} className="h-full w-full" />
        {status !== 'ready' && (
          <p
            role="status"
            className="pointer-events-none absolute inset-0 z-[1000] flex items-center justify-center p-4 text-center text-sm text-charcoal"
          >
            <span className="rounded bg-paper/90 px-2 py-1">
              {status === 'loading'
                ? 'Loading map…'
                : 'Map unavailable. The address and directions below still work.'}
            </span>
          </p>
        )}
      </div>
      {mapShown && (
        <button
          type="button"
          onClick={() => toggleZoom.current?.()}
          className="mt-1 inline-flex min-h-11 items-center text-sm underline underline-offset-4 hover:text-brass-dark"
        >
          {zoom === ZOOM_CLOSE ? 'Zoom map out' : 'Zoom map in'}
        </button>
      )}
    </div>
  );
}
