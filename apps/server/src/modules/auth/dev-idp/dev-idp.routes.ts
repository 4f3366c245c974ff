import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Provider } from 'oidc-provider';
import { type Config, isLoopbackHost } from '../../../config.ts';
import { AppError } from '../../../plugins/errors.ts';
import { normalizeEmail } from './dev-idp.accounts.ts';
import { pickAccountPage, problemPage } from './dev-idp.page.ts';
import { DEV_IDP_PATH } from './dev-idp.settings.ts';

const PAGE = { config: { access: 'public' as const }, schema: { hide: true } };
const EXPIRED = 'This sign-in has expired or was already used. Start again from the site.';

type UidParams = { Params: { uid: string } };

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

/** The interaction in progress for this browser, if it is the one in the URL. */
async function currentInteraction(
  provider: Provider,
  request: FastifyRequest<UidParams>,
  reply: FastifyReply,
) {
  try {
    const details = await provider.interactionDetails(request.raw, reply.raw);
    return details.uid === request.params.uid ? details : null;
  } catch {
    return null;
  }
}

const PROXY_HEADERS = ['forwarded', 'via', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip'];

/** A request made on this machine: a loopback Host and no sign of a proxy on the way. */
function addressedToThisMachine(headers: IncomingHttpHeaders): boolean {
  if (PROXY_HEADERS.some((name) => headers[name] !== undefined)) return false;
  try {
    return isLoopbackHost(new URL(`http://${headers.host ?? ''}`).hostname);
  } catch {
    return false;
  }
}

/**
 * The development identity provider, mounted under /dev-idp: the OpenID endpoints of oidc-provider
 * and its sign-in page. Only for demo sites without a real OpenID client (config refuses it elsewhere).
 */
export async function devIdpRoutes(app: FastifyInstance, { config }: { config: Config }) {
  if (!config.demo || config.oidc) {
    throw new Error('The development identity provider runs only in demo mode without OIDC_CLIENT_ID.');
  }
  // Whoever reaches it signs in as anyone, admins included. Demo mode listens on this machine only,
  // but a proxy in front would reach it all the same: it answers only requests addressed to this
  // machine by name (the Host sent, not X-Forwarded-Host, which a client may write) and carrying
  // none of the headers proxies add, so a public proxy that rewrites Host to 127.0.0.1 is refused too.
  app.addHook('onRequest', (request, _reply, done) => {
    if (addressedToThisMachine(request.headers)) return done();
    done(new AppError('forbidden', 'The development sign-in answers on this machine only.'));
  });

  // oidc-provider and the Koa app under it take ~200 ms and ~40 MB to load: the first sign-in loads
  // them, not every demo server's start.
  let loaded: Promise<{ provider: Provider; handle: ReturnType<Provider['callback']> }> | undefined;
  const load = () =>
    (loaded ??= import('./dev-idp.provider.ts').then(({ createDevProvider }) => {
      const provider = createDevProvider({
        publicUrl: config.publicUrl,
        sessionSecret: config.sessionSecret,
        redirectUri: `${config.publicUrl}/api/auth/google/callback`,
      });
      provider.on('server_error', (_ctx, error) =>
        app.log.error({ err: error }, 'development sign-in failed'),
      );
      return { provider, handle: provider.callback() };
    }));

  await app.register(async (pages) => {
    pages.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    pages.get<UidParams>('/interaction/:uid', PAGE, async (request, reply) => {
      const { provider } = await load();
      const details = await currentInteraction(provider, request, reply);
      if (!details) return sendPage(reply, 400, problemPage(EXPIRED));
      return sendPage(reply, 200, pickAccountPage(details.uid));
    });

    pages.post<UidParams & { Body: { email?: string } }>(
      '/interaction/:uid/login',
      PAGE,
      async (request, reply) => {
        const { provider } = await load();
        const details = await currentInteraction(provider, request, reply);
        if (!details) return sendPage(reply, 400, problemPage(EXPIRED));
        const typed = String(request.body?.email ?? '');
        const email = normalizeEmail(typed);
        if (!email) {
          const message = 'Enter an email address, like you@example.com.';
          return sendPage(reply, 400, pickAccountPage(details.uid, { email: typed, message }));
        }
        const to = await provider.interactionResult(
          request.raw,
          reply.raw,
          { login: { accountId: email } },
          { mergeWithLastSubmission: false },
        );
        return reply.redirect(to, 303);
      },
    );

    pages.post<UidParams>('/interaction/:uid/abort', PAGE, async (request, reply) => {
      const { provider } = await load();
      const details = await currentInteraction(provider, request, reply);
      if (!details) return sendPage(reply, 400, problemPage(EXPIRED));
      const to = await provider.interactionResult(
        request.raw,
        reply.raw,
        { error: 'access_denied', error_description: 'The sign-in was canceled.' },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(to, 303);
    });
  });

  // Everything else is oidc-provider's (a Koa app): it reads the raw request and writes the response.
  const forwardedProto = new URL(config.publicUrl).protocol.replace(':', '');
  const forwardedHost = new URL(config.publicUrl).host;
  await app.register(async (endpoints) => {
    endpoints.removeAllContentTypeParsers();
    endpoints.addContentTypeParser('*', (_request, _payload, done) => done(null));
    endpoints.route({
      method: ['GET', 'HEAD', 'POST', 'OPTIONS'],
      url: '/*',
      ...PAGE,
      handler: async (request, reply) => {
        const { handle } = await load();
        // Registered under DEV_IDP_PATH; the provider routes from its own root and mounts itself back.
        // Taken past Fastify, its answers would lose the headers every response carries (nosniff, no framing).
        for (const [name, value] of Object.entries(reply.getHeaders())) {
          if (value !== undefined) reply.raw.setHeader(name, value);
        }
        reply.hijack();
        const raw = request.raw as IncomingMessage & { originalUrl?: string };
        const url = raw.url ?? '/';
        raw.originalUrl = url;
        raw.url = url.slice(DEV_IDP_PATH.length) || '/';
        // The provider builds its URLs from these, so they match its issuer whatever the request came through.
        raw.headers['x-forwarded-proto'] = forwardedProto;
        raw.headers['x-forwarded-host'] = forwardedHost;
        handle(raw, reply.raw);
      },
    });
  });
}
