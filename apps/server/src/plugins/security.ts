import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export type SecurityOptions = { publicUrl: string; dev: boolean; allowedOrigins?: string[] };

/**
 * Security headers, and the same-site rule for state-changing API calls: a request from another
 * site is refused even before SameSite cookies would have been left off it.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, { publicUrl, dev }: SecurityOptions) => {
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
      crossOriginEmbedderPolicy: false,
      hsts: publicUrl.startsWith('https:'),
    });

    const origin = new URL(publicUrl).origin;
    app.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
      // Webhooks come from the payment provider's servers and prove themselves by signature.
      if (request.routeOptions.config?.crossSite) return;
      const site = request.headers['sec-fetch-site'];
      if (site === 'same-origin' || site === 'same-site' || site === 'none') return;
      const requestOrigin = request.headers.origin;
      if (requestOrigin === origin || requestOrigin === `${request.protocol}://${request.host}`) return;
      if (!site && !requestOrigin) {
        // Neither header: not a browser (curl, server to server); cookies are SameSite=Lax anyway.
        return;
      }
      throw new AppError('forbidden', 'Cross-site request refused.');
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
  }
}
