// oidc-provider ships no types; this declares only what the development identity provider uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type Claims = { sub: string; [claim: string]: unknown };
  export type Account = { accountId: string; claims(): Claims | Promise<Claims> };

  export type ProviderContext = {
    oidc: {
      client?: { clientId: string };
      session?: { accountId?: string };
      result?: { login?: { accountId: string } };
      provider: Provider;
    };
    type: string;
    body: unknown;
  };

  export class Check {
    static REQUEST_PROMPT: true;
    static NO_NEED_TO_PROMPT: false;
    constructor(reason: string, description: string, check: (ctx: ProviderContext) => boolean);
  }
  export type Prompt = { name: string; checks: { add(check: Check, index?: number): void } };
  export type Policy = Prompt[] & { get(name: string): Prompt | undefined };

  export const interactionPolicy: { base(): Policy; Check: typeof Check };

  export type ClientMetadata = {
    client_id: string;
    client_secret: string;
    redirect_uris: string[];
    grant_types?: string[];
    response_types?: string[];
    token_endpoint_auth_method?: string;
    id_token_signed_response_alg?: string;
  };

  export type Configuration = {
    clients?: ClientMetadata[];
    findAccount?: (ctx: ProviderContext, id: string) => Account | undefined | Promise<Account | undefined>;
    claims?: Record<string, string[]>;
    conformIdTokenClaims?: boolean;
    features?: Record<string, { enabled: boolean }>;
    interactions?: { url: (ctx: ProviderContext, interaction: { uid: string }) => string; policy?: Policy };
    loadExistingGrant?: (ctx: ProviderContext) => Promise<Grant | undefined>;
    pkce?: { required: () => boolean };
    jwks?: { keys: JsonWebKey[] };
    cookies?: { keys: string[] };
    adapter?: (model: string) => unknown;
    ttl?: Record<string, number>;
    renderError?: (ctx: ProviderContext, out: Record<string, string | undefined>, error: Error) => void;
  };

  export type InteractionDetails = {
    uid: string;
    prompt: { name: string; reasons: string[] };
    params: Record<string, unknown>;
  };

  export type InteractionResult =
    | { login: { accountId: string; remember?: boolean } }
    | { error: string; error_description?: string };

  export class Grant {
    constructor(values: { clientId: string; accountId: string });
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export class Provider {
    constructor(issuer: string, configuration?: Configuration);
    proxy: boolean;
    Grant: typeof Grant;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResult,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}

declare module 'oidc-provider/lib/adapters/memory_adapter.js' {
  export function createMemoryAdapter(clockTolerance?: number): (model: string) => unknown;
}
