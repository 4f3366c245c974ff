import type * as Oidc from 'openid-client';

export type OidcSettings = {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  /** The callback the provider sends the browser back to. */
  redirectUri: string;
  /**
   * The issuer recorded on users. Null: the ID token's `iss`. The development provider records 'dev',
   * so demo accounts stay the same whatever port the site runs on.
   */
  identityIssuer: string | null;
  /** How requests reach the issuer; the development provider is answered in-process. */
  fetch?: Oidc.CustomFetch;
};

/** What an identity provider told us about the person signing in. */
export type Identity = {
  issuer: string;
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string;
  picture: string;
};

/** The per-attempt secrets of one sign-in, kept by the browser in a signed cookie until the callback. */
export type SignInFlow = { verifier: string; state: string; nonce: string; path: string };

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/**
 * An OpenID Connect client (authorization code with PKCE, state and nonce). The provider is discovered
 * on first use, not at boot, so a provider that is briefly unreachable does not stop the server; the
 * library (openid-client, oauth4webapi, jose) is loaded then too, off the start-up path.
 */
export function createOidcClient(settings: OidcSettings) {
  let discovered: Promise<{ oidc: typeof Oidc; config: Oidc.Configuration }> | undefined;
  const configuration = () => {
    discovered ??= import('openid-client')
      .then(async (oidc) => {
        const config = await oidc.discovery(
          new URL(settings.issuer),
          settings.clientId,
          settings.clientSecret,
          undefined,
          {
            execute: settings.issuer.startsWith('http:') ? [oidc.allowInsecureRequests] : [],
            ...(settings.fetch ? { [oidc.customFetch]: settings.fetch } : {}),
          },
        );
        return { oidc, config };
      })
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  };

  return {
    /** Where to send the browser to sign in, and the flow secrets to keep until it comes back. */
    async start(path: string): Promise<{ url: URL; flow: SignInFlow }> {
      const { oidc, config } = await configuration();
      const flow = {
        verifier: oidc.randomPKCECodeVerifier(),
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        path,
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
        code_challenge_method: 'S256',
        state: flow.state,
        nonce: flow.nonce,
      });
      return { url, flow };
    },

    /** Checks the provider's answer against the flow, redeems the code and reads who signed in. */
    async finish(callbackUrl: URL, flow: SignInFlow): Promise<Identity> {
      const { oidc, config } = await configuration();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      if (!idToken) throw new Error('The provider returned no ID token.');
      // Providers put profile claims in the ID token (Google) or only at userinfo (the default elsewhere).
      const claims: Record<string, unknown> = text(idToken.email)
        ? idToken
        : { ...idToken, ...(await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub)) };
      const email = text(claims.email)?.toLowerCase();
      if (!email) throw new Error('The provider did not share an email address.');
      const name =
        text(claims.name) ??
        ([text(claims.given_name), text(claims.family_name)].filter(Boolean).join(' ') ||
          email.split('@')[0]!);
      return {
        issuer: settings.identityIssuer ?? idToken.iss,
        subject: idToken.sub,
        email,
        emailVerified: claims.email_verified === true || claims.email_verified === 'true',
        name,
        picture: text(claims.picture) ?? '',
      };
    },
  };
}
