/** Where the navigation chooser sends a visitor: a place by address, with coordinates when known. */
export type Destination = { address: string; lat: number | null; lng: number | null };

/** Google Maps directions on the web, from wherever the visitor is. */
export function webDirectionsUrl({ address }: Destination): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}`;
}

/** Apple devices (iPadOS and macOS say Macintosh) open maps.apple.com links in Apple Maps. */
export function isAppleDevice(userAgent: string): boolean {
  return /iPhone|iPad|iPod|Macintosh/.test(userAgent);
}

/** The device's own maps app: Apple Maps directions on Apple devices, a geo: URI elsewhere. */
export function deviceDirectionsUrl(destination: Destination, apple: boolean): string {
  const { address, lat, lng } = destination;
  const query = encodeURIComponent(address);
  if (apple) return `https://maps.apple.com/?daddr=${query}`;
  return lat !== null && lng !== null ? `geo:${lat},${lng}?q=${query}` : `geo:0,0?q=${query}`;
}
