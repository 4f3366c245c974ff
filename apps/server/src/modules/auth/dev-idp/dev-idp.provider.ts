import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { interactionPolicy, Provider } from 'oidc-provider';
import { createMemoryAdapter } from 'oidc-provider/lib/adapters/memory_adapter.js';
import { devClaims, normalizeEmail } from './dev-idp.accounts.ts';
import { problemPage } from './dev-idp.page.ts';
import { DEV_CLIENT_ID, DEV_IDP_PATH, devSecret } from './dev-idp.settings.ts';

export type DevProviderOptions = { publicUrl: string; sessionSecret: string; redirectUri: string };

/**
 * An OpenID provider for demo sites on this machine: any email signs in, no password. It keeps its
 * short-lived state (interactions, codes) in memory, which is fine for a single demo process.
 */
export function createDevProvider({ publicUrl, sessionSecret, redirectUri }: DevProviderOptions): Provider {
  // Each process signs with a fresh key; the site fetches it through discovery like any provider's.
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'ES256', use: 'sig' };

  const policy = interactionPolicy.base();
  // Ask every time, so signing out and in again can pick a different demo account.
  policy
    .get('login')
    ?.checks.add(
      new interactionPolicy.Check(
        'pick_account',
        'the development provider asks which account to use every time',
        (ctx) => !ctx.oidc.result?.login,
      ),
    );

  const provider = new Provider(`${publicUrl}${DEV_IDP_PATH}`, {
    clients: [
      {
        client_id: DEV_CLIENT_ID,
        client_secret: devSecret(sessionSecret, 'client'),
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
        id_token_signed_response_alg: 'ES256',
      },
    ],
    findAccount: (_ctx, id) => {
      const email = normalizeEmail(id);
      return email ? { accountId: email, claims: () => devClaims(email) } : undefined;
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    // Put email and name in the ID token as well as at userinfo, as Google does.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `${DEV_IDP_PATH}/interaction/${interaction.uid}`, policy },
    // The site is the only client and is first-party: no consent screen.
    loadExistingGrant: async (ctx) => {
      const clientId = ctx.oidc.client?.clientId;
      const accountId = ctx.oidc.session?.accountId;
      if (!clientId || !accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId, accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    pkce: { required: () => true },
    // Deliberately in memory: a sign-in lasts seconds and a demo runs as one process.
    adapter: createMemoryAdapter(),
    // Short lives: nothing here needs to outlast the sign-in it serves.
    ttl: {
      Interaction: 600,
      Session: 600,
      Grant: 600,
      AuthorizationCode: 60,
      AccessToken: 300,
      IdToken: 300,
    },
    jwks: { keys: [signingKey] },
    cookies: { keys: [devSecret(sessionSecret, 'cookies')] },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = problemPage(
        `This sign-in cannot continue (${out.error_description ?? out.error ?? 'unknown error'}). Start again from the site.`,
      );
    },
  });
  // The site hands requests over with X-Forwarded-Proto and -Host set to the public URL's.
  provider.proxy = true;
  return provider;
}
