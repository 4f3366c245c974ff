import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.ts';
import { prependRouteHook, SAFE_METHODS, takesApiWrites } from './route-hooks.ts';

export type SecurityOptions = {
  publicUrl: string;
  /** API_BASE_URL: where pages send API calls; empty for the pages' own origin. */
  apiBaseUrl?: string;
  dev: boolean;
  /** Where the identity provider's profile pictures come from. */
  pictureOrigins?: string[];
  /**
   * Stripe takes payments: its script, frames, API and images are allowed on every page, not only at
   * checkout, because a visitor reaches checkout from any page without loading a new document.
   */
  stripe?: boolean;
  /** A maps token: tiles come from Mapbox, not OpenStreetMap. */
  mapbox?: boolean;
};

/**
 * Security headers, and the same-site rule for state-changing API calls: a request from another
 * site is refused even before SameSite cookies would have been left off it.
 */
export const securityPlugin = fp(
  async (
    app: FastifyInstance,
    { publicUrl, apiBaseUrl = '', dev, pictureOrigins = [], stripe = false, mapbox = false }: SecurityOptions,
  ) => {
    const https = publicUrl.startsWith('https:');
    // Worked out once. Every response gets what keeps any body from being read by another site,
    // sniffed as another type or framed; a page (HTML) also what applies where a browser renders a
    // document. Sending a page's headers with every JSON answer and asset cost measurable time per
    // request for nothing a browser would do with them (docs/performance.md).
    const everyResponse: Record<string, string> = {
      'cross-origin-resource-policy': 'same-origin',
      'x-content-type-options': 'nosniff',
      // frame-ancestors 'none' says the same to newer browsers: no page of ours inside anyone's frame.
      'x-frame-options': 'DENY',
      ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    };
    const documentOnly: Record<string, string> = {
      'cross-origin-opener-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    // Only the third parties this shop uses: a demo allows no payment provider's hosts at all.
    const otherDirectives = [
      "style-src 'self' 'unsafe-inline'",
      [
        "img-src 'self' data: blob:",
        mapbox
          ? 'https://api.mapbox.com'
          : // OpenStreetMap serves tiles from tile.openstreetmap.org (older links use a.-c. subdomains).
            'https://tile.openstreetmap.org https://*.tile.openstreetmap.org',
        ...(stripe ? ['https://*.stripe.com'] : []),
        // Profile pictures stay on the identity provider's host (the account menu shows them).
        ...pictureOrigins,
      ].join(' '),
      // Tiles are images: the browser never calls the maps API itself (barbers are geocoded on save).
      ["connect-src 'self'", ...(stripe ? ['https://api.stripe.com'] : [])].join(' '),
      ...(stripe ? ['frame-src https://js.stripe.com https://hooks.stripe.com'] : []),
      "font-src 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'self'",
      ...(https ? ['upgrade-insecure-requests'] : []),
    ].join(';');
    const scriptSources = stripe ? "'self' https://js.stripe.com" : "'self'";
    const csp = (nonce: string) =>
      `default-src 'self';script-src ${scriptSources} 'nonce-${nonce}';${otherDirectives}`;

    // A nonce for the inline scripts React Router writes, made only when a page asks for it; styles
    // stay 'unsafe-inline'. Only HTML gets a policy: JSON, images and scripts are never documents.
    const nonces = new WeakMap<FastifyReply, string>();
    app.decorateReply('scriptNonce', {
      getter(this: FastifyReply) {
        let nonce = nonces.get(this);
        if (nonce === undefined) {
          nonce = randomBytes(16).toString('base64');
          nonces.set(this, nonce);
        }
        return nonce;
      },
    });
    // Every request passes these hooks, so they take callbacks: an async hook costs a promise each.
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(everyResponse);
      done();
    });
    app.addHook('onSend', (_request, reply, payload, done) => {
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && type.startsWith('text/html')) {
        reply.headers(documentOnly);
        // An error page rendered in-process brings the policy its own nonce was written for. In
        // development Vite's inline scripts carry no nonce: no policy there.
        if (!dev && !reply.hasHeader('content-security-policy'))
          reply.header('content-security-policy', csp(reply.scriptNonce));
      }
      done(null, payload);
    });

    const origin = new URL(publicUrl).origin;
    // Our pages call the API from their own origin unless API_BASE_URL puts it on another host of the
    // site: only then is a same-site (not same-origin) request one of ours. Otherwise it comes from
    // another subdomain, which may be anyone's (a taken-over or user-content host).
    const pagesOnSibling = apiBaseUrl !== '' && new URL(apiBaseUrl, publicUrl).origin !== origin;
    const ours = (request: FastifyRequest, value: string) => {
      let other: string;
      try {
        other = new URL(value).origin;
      } catch {
        return false;
      }
      return other === origin || other === `${request.protocol}://${request.host}`;
    };
    /** Whether the browser says the request comes from another site; false for non-browser clients. */
    const crossSite = (request: FastifyRequest) => {
      const site = request.headers['sec-fetch-site'];
      if (site === 'same-origin' || site === 'none') return false;
      if (site === 'same-site') return !pagesOnSibling;
      if (site) return true;
      // Older browsers: Origin, else Referer. Neither header: not a browser (curl, server to server),
      // and its cookies are SameSite=Lax anyway.
      const { origin: requestOrigin, referer } = request.headers;
      if (requestOrigin) return !ours(request, requestOrigin);
      if (referer) return !ours(request, referer);
      return false;
    };
    // Decided once per route: API writes, and routes that refuse other sites even a GET. Webhooks
    // come from the payment provider's servers and prove themselves by signature.
    app.addHook('onRoute', (route) => {
      const config = route.config;
      if (config?.crossSite) return;
      if (!config?.sameSiteOnly && !takesApiWrites(route)) return;
      const sameSite = (request: FastifyRequest, _reply: FastifyReply, done: (error?: AppError) => void) => {
        const guarded = config?.sameSiteOnly || !SAFE_METHODS.has(request.method);
        if (guarded && crossSite(request))
          return done(new AppError('forbidden', 'Cross-site request refused.'));
        done();
      };
      prependRouteHook(route, 'onRequest', sameSite);
    });
  },
  { name: 'security', dependencies: ['errors'] },
);

declare module 'fastify' {
  interface FastifyReply {
    /** The CSP nonce for this response's inline scripts. */
    scriptNonce: string;
  }
  interface FastifyContextConfig {
    /** The route accepts requests from other sites (signed webhooks). */
    crossSite?: boolean;
    /** Even a GET is refused from another site (sign-out: a link elsewhere must not sign anyone out). */
    sameSiteOnly?: boolean;
  }
}
