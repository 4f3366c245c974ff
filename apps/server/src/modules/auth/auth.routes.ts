import { SignedOutSchema } from '@barbershop/contract';
import { DEMO_ISSUER } from '@barbershop/db/demo-accounts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { CustomFetch } from 'openid-client';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { fetchInProcess } from '../../plugins/api-bridge.ts';
import { AppError } from '../../plugins/errors.ts';
import { recordSignIn } from './auth.service.ts';
import { DEV_CLIENT_ID, DEV_IDP_PATH, devSecret } from './dev-idp/dev-idp.settings.ts';
import { localPath } from './local-path.ts';
import { createOidcClient, type OidcSettings, type SignInFlow } from './oidc-client.ts';

const CALLBACK_PATH = '/api/auth/google/callback';
/**
 * The sign-in flow's cookie (PKCE verifier, state, nonce). With HTTPS it takes the __Host- prefix (and
 * so the whole site's path): a sibling subdomain could otherwise plant its own flow's cookie and land
 * a visitor, at the callback, in the planter's account.
 */
const flowCookieOf = (secure: boolean) =>
  secure ? { name: '__Host-sign_in_flow', path: '/' } : { name: 'sign_in_flow', path: '/api/auth/google' };
const FLOW_MAX_AGE_S = 10 * 60;

/**
 * The sign-in routes' answer in the API document: a redirect, without a body (which is why nothing
 * is ever serialised with it).
 */
const redirectsTo = (where: string) => ({ 302: z.null().describe(`Redirects to ${where}`) });

/** Requests to the development provider answered by this same server, without a network hop. */
function inProcessFetch(app: FastifyInstance): CustomFetch {
  // openid-client's body types differ from fetch's only in how TypeScript spells a Uint8Array's buffer.
  return (url, { method, headers, body }) =>
    fetchInProcess(app, new Request(url, { method, headers, body: body as BodyInit | undefined }));
}

/** The configured OpenID provider, or the development one under /dev-idp when none is configured. */
export function oidcSettings(config: Config, app: FastifyInstance): OidcSettings {
  const redirectUri = `${config.publicUrl}${CALLBACK_PATH}`;
  if (config.oidc) return { ...config.oidc, redirectUri, identityIssuer: null };
  if (!config.demo) throw new Error('OIDC_CLIENT_ID is required outside demo mode.');
  return {
    issuer: `${config.publicUrl}${DEV_IDP_PATH}`,
    clientId: DEV_CLIENT_ID,
    clientSecret: devSecret(config.sessionSecret, 'client'),
    redirectUri,
    identityIssuer: DEMO_ISSUER,
    fetch: inProcessFetch(app),
  };
}

const FlowSchema = z.object({
  verifier: z.string(),
  state: z.string(),
  nonce: z.string(),
  path: z.string(),
  /** When it lapses, in milliseconds since the epoch. */
  expires: z.number(),
});
type PendingFlow = SignInFlow & { expires: number };

/**
 * A browser's sign-ins in progress, newest first. One browser can have several: a sign-in started in
 * one tab and another started in a second before the first came back (the "sign in again in a new tab"
 * of an ended session beside a tab's own SIGN IN). One flow to a cookie made the second overwrite the
 * first, and the first tab's return, then the second's, both failed.
 */
function readFlows(request: FastifyRequest, cookieName: string, now: number): PendingFlow[] {
  const raw = request.cookies[cookieName];
  if (!raw) return [];
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return [];
  try {
    const flows = z
      .array(FlowSchema)
      .parse(JSON.parse(Buffer.from(unsigned.value, 'base64url').toString('utf8')));
    return flows
      .filter((flow) => flow.expires > now)
      .map((flow) => ({ ...flow, path: localPath(flow.path) }));
  } catch {
    return [];
  }
}

const MAX_FLOWS = 5;
// Browsers keep a cookie of up to 4096 bytes, name and signature included.
const MAX_FLOWS_LENGTH = 3800;

/** The cookie's value for these flows: as many of the newest as fit. */
function encodeFlows(flows: PendingFlow[]): string {
  let kept = flows.slice(0, MAX_FLOWS);
  let value = Buffer.from(JSON.stringify(kept)).toString('base64url');
  while (kept.length > 1 && value.length > MAX_FLOWS_LENGTH) {
    kept = kept.slice(0, -1);
    value = Buffer.from(JSON.stringify(kept)).toString('base64url');
  }
  return value;
}

export type AuthRoutesOptions = { config: Config };

/** Sign-in through OpenID Connect, and sign-out (DESIGN.md section 5). */
export async function authRoutes(app: FastifyInstance, { config }: AuthRoutesOptions) {
  const client = createOidcClient(oidcSettings(config, app));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { name: flowCookieName, path: flowCookiePath } = flowCookieOf(config.secureCookies);
  const flowCookie = {
    path: flowCookiePath,
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
  } as const;
  const setFlows = (reply: FastifyReply, flows: PendingFlow[], now: number) => {
    if (flows.length === 0) return reply.clearCookie(flowCookieName, flowCookie);
    const maxAge = Math.ceil((Math.max(...flows.map((flow) => flow.expires)) - now) / 1000);
    return reply.setCookie(flowCookieName, encodeFlows(flows), { ...flowCookie, signed: true, maxAge });
  };
  const limit = (max: number) => ({
    max,
    timeWindow: '1 minute',
    errorResponseBuilder: () =>
      new AppError('too_many_requests', 'Too many sign-in attempts from here. Wait a minute and try again.'),
  });

  // Back to the sign-in page with a reason it can show, never an error page.
  const backToSignIn = (reply: FastifyReply, path: string, error: 'canceled' | 'failed') =>
    reply.redirect(`/sign-in?${new URLSearchParams({ path, error })}`);

  r.get(
    '/auth/google',
    {
      config: { access: 'public', rateLimit: limit(config.signInRateLimit) },
      schema: {
        tags: ['auth'],
        summary: 'Start signing in: redirects to the identity provider, then back to `path` (a local path)',
        querystring: z.object({ path: z.union([z.string(), z.array(z.string())]).optional() }),
        response: redirectsTo('the identity provider (or back to /sign-in when it cannot be reached)'),
      },
    },
    async (request, reply) => {
      const path = localPath(request.query.path);
      let started: Awaited<ReturnType<typeof client.start>>;
      try {
        started = await client.start(path);
      } catch (error) {
        request.log.error({ err: error }, 'identity provider unavailable');
        return backToSignIn(reply, path, 'failed');
      }
      const now = Date.now();
      const flows = [
        { ...started.flow, expires: now + FLOW_MAX_AGE_S * 1000 },
        ...readFlows(request, flowCookieName, now),
      ];
      setFlows(reply, flows, now);
      return reply.redirect(started.url.href);
    },
  );

  r.get(
    '/auth/google/callback',
    {
      config: { access: 'public', rateLimit: limit(config.signInRateLimit) },
      schema: {
        tags: ['auth'],
        summary: 'Finish signing in: checks the answer, starts a session, redirects to the path asked for',
        querystring: z.looseObject({ error: z.string().optional(), state: z.string().optional() }),
        response: redirectsTo('the path asked for (or back to /sign-in with the reason it failed)'),
      },
    },
    async (request, reply) => {
      const now = Date.now();
      const flows = readFlows(request, flowCookieName, now);
      const flow = flows.find((pending) => pending.state === request.query.state);
      if (!flow) return backToSignIn(reply, flows[0]?.path ?? '/', 'failed');
      // Each flow answers once; the browser's other sign-ins in progress stay.
      setFlows(
        reply,
        flows.filter((pending) => pending !== flow),
        now,
      );
      if (request.query.error) {
        return backToSignIn(
          reply,
          flow.path,
          request.query.error === 'access_denied' ? 'canceled' : 'failed',
        );
      }
      let identity: Awaited<ReturnType<typeof client.finish>>;
      try {
        identity = await client.finish(new URL(request.url, config.publicUrl), flow);
      } catch (error) {
        request.log.warn({ err: error }, 'sign-in refused');
        return backToSignIn(reply, flow.path, 'failed');
      }
      const user = await recordSignIn(app.db, identity, config.adminEmails);
      await app.sessions.start(request, reply, user.id);
      return reply.redirect(flow.path);
    },
  );

  for (const method of ['GET', 'POST'] as const) {
    r.route({
      method,
      url: '/auth/logout',
      // SPEC.md keeps GET, so the same-site rule covers it too: a link on another site signs no one out.
      config: { access: 'public', sameSiteOnly: true, rateLimit: limit(60) },
      schema: { tags: ['auth'], summary: 'Sign out: ends the session', response: { 200: SignedOutSchema } },
      handler: async (request, reply) => {
        await app.sessions.end(request, reply);
        return { signedOut: true as const };
      },
    });
  }
}
