import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.ts';
import { isApiRequest } from './request-path.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export type SecurityOptions = {
  publicUrl: string;
  dev: boolean;
  /** Where the identity provider's profile pictures come from. */
  pictureOrigins?: string[];
};

/**
 * Security headers, and the same-site rule for state-changing API calls: a request from another
 * site is refused even before SameSite cookies would have been left off it.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, { publicUrl, dev, pictureOrigins = [] }: SecurityOptions) => {
    // A fresh nonce per response for the inline scripts React Router writes; styles stay 'unsafe-inline'.
    app.decorateReply('scriptNonce', '');
    app.addHook('onRequest', async (_request, reply) => {
      reply.scriptNonce = randomBytes(16).toString('base64');
      (reply.raw as NonceResponse).scriptNonce = reply.scriptNonce;
    });
    await app.register(helmet, {
      contentSecurityPolicy: dev
        ? false
        : {
            directives: {
              defaultSrc: ["'self'"],
              scriptSrc: [
                "'self'",
                'https://js.stripe.com',
                (_req, res) => `'nonce-${(res as NonceResponse).scriptNonce}'`,
              ],
              styleSrc: ["'self'", "'unsafe-inline'"],
              imgSrc: [
                "'self'",
                'data:',
                'blob:',
                // OpenStreetMap serves tiles from tile.openstreetmap.org (older links use a.-c. subdomains).
                'https://tile.openstreetmap.org',
                'https://*.tile.openstreetmap.org',
                'https://api.mapbox.com',
                'https://*.stripe.com',
                // Profile pictures stay on the identity provider's host (the account menu shows them).
                ...pictureOrigins,
              ],
              connectSrc: ["'self'", 'https://api.stripe.com', 'https://api.mapbox.com'],
              frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
              fontSrc: ["'self'"],
              formAction: ["'self'"],
              frameAncestors: ["'none'"],
              objectSrc: ["'none'"],
              baseUri: ["'self'"],
              upgradeInsecureRequests: publicUrl.startsWith('https:') ? [] : null,
            },
          },
      // frame-ancestors 'none' and X-Frame-Options say the same: no page of ours inside anyone's frame.
      frameguard: { action: 'deny' },
      crossOriginEmbedderPolicy: false,
      hsts: publicUrl.startsWith('https:'),
    });

    const origin = new URL(publicUrl).origin;
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
      if (site === 'same-origin' || site === 'same-site' || site === 'none') return false;
      if (site) return true;
      // Older browsers: Origin, else Referer. Neither header: not a browser (curl, server to server),
      // and its cookies are SameSite=Lax anyway.
      const { origin: requestOrigin, referer } = request.headers;
      if (requestOrigin) return !ours(request, requestOrigin);
      if (referer) return !ours(request, referer);
      return false;
    };
    app.addHook('onRequest', async (request) => {
      const config = request.routeOptions.config;
      const guarded = config?.sameSiteOnly || (!SAFE_METHODS.has(request.method) && isApiRequest(request));
      // Webhooks come from the payment provider's servers and prove themselves by signature.
      if (!guarded || config?.crossSite) return;
      if (crossSite(request)) throw new AppError('forbidden', 'Cross-site request refused.');
    });
  },
  { name: 'security', dependencies: ['errors'] },
);

type NonceResponse = ServerResponse & { scriptNonce: string };

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
