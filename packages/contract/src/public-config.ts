/**
 * Settings the server hands the pages in the SSR document, so one build serves any shop (DESIGN.md
 * section 3). The server builds it from its configuration; nothing secret belongs here.
 */
export type PublicConfig = {
  /** Where the browser sends API calls; empty for the same origin. */
  apiBaseUrl: string;
  paymentProvider: 'stripe' | 'demo';
  stripePublishableKey: string;
  /** Mapbox token for tiles; empty for OpenStreetMap. */
  mapsToken: string;
  /** The site's absolute URL, for canonical links and structured data. */
  publicUrl: string;
  /** The identity provider the sign-in button names ("Sign In with Google"). */
  signInProvider: string;
  /** The shop's IANA time zone (SHOP_TIME_ZONE): every date on a page is the shop's day. */
  timeZone: string;
};
