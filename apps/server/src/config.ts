import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { BlockList, isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { isTimeZone } from '@barbershop/contract';
import addressparser from 'nodemailer/lib/addressparser';
import { z } from 'zod';

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
const flag = z
  .preprocess(emptyAsUndefined, z.enum(['true', 'false', '1', '0']).optional())
  .transform((v) => v === 'true' || v === '1');

const GOOGLE_ISSUER = 'https://accounts.google.com';
/** Mapbox's API, which geocodes barber addresses with MAPS_TOKEN. */
const MAPBOX_API = 'https://api.mapbox.com';

/**
 * A whole number written in decimal digits. z.coerce.number() would read "0x10" as 16, "1e3" as 1000
 * and " " as 0: a setting typed by hand means what it shows, or is refused.
 */
const wholeNumber = (min: number, max: number, fallback: number, message?: string) => {
  const said = message ?? `must be a whole number from ${min} to ${max}`;
  return z.preprocess(
    emptyAsUndefined,
    z
      .string({ error: said })
      .regex(/^\d+$/, said)
      .transform(Number)
      .pipe(z.number().min(min, said).max(max, said))
      .default(fallback),
  );
};

/** The site's own address: http(s) and a host, nothing after it (links and cookies are built from it). */
function isSiteOrigin(value: string): boolean {
  const url = new URL(value);
  return (
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.pathname === '/' &&
    !url.search &&
    !url.hash &&
    !url.username &&
    !url.password
  );
}
const httpUrl = (message: string) => z.url({ protocol: /^https?$/, error: message });

/**
 * TRUST_PROXY: off, a hop count (how many proxies stand in front), or the proxies' addresses
 * (comma-separated IPs or CIDR ranges). Anything else could let a client pick its own address.
 */
function parseTrustProxy(value: string | undefined, ctx: z.RefinementCtx): false | number | string[] {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const addresses = value.split(',').map((part) => part.trim());
  const valid = (part: string) => {
    const [ip, bits, ...rest] = part.split('/');
    const family = isIP(ip ?? '');
    if (!family || rest.length) return false;
    if (bits === undefined) return true;
    return /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
  };
  const bad = addresses.filter((part) => !valid(part));
  if (bad.length) {
    ctx.addIssue({
      code: 'custom',
      message: `must be a hop count or a comma-separated list of IP addresses or CIDR ranges (not ${bad.join(', ')})`,
    });
    return z.NEVER;
  }
  return addresses;
}

/**
 * MAIL_FROM as one address and its name, or undefined when unset. Anything else would fail every
 * email at the mail server, where only the outbox's retries would show it.
 */
function parseMailFrom(value: string | undefined, ctx: z.RefinementCtx) {
  if (value === undefined) return undefined;
  const parsed = addressparser(value, { flatten: true });
  const [one] = parsed;
  if (parsed.length !== 1 || !one || !/^[^\s@]+@[^\s@]+$/.test(one.address)) {
    ctx.addIssue({
      code: 'custom',
      message: 'must be one email address, with a name or not (Gold Standard <no-reply@your.shop>)',
    });
    return z.NEVER;
  }
  return { name: one.name, address: one.address };
}

const EnvSchema = z.object({
  NODE_ENV: z.preprocess(
    emptyAsUndefined,
    z.enum(['development', 'production', 'test']).default('development'),
  ),
  PORT: wholeNumber(0, 65535, 3000, 'must be a port number from 0 to 65535'),
  HOST: z.preprocess(emptyAsUndefined, z.string().default('127.0.0.1')),
  PUBLIC_URL: z.preprocess(
    emptyAsUndefined,
    httpUrl('must be an http:// or https:// address')
      .refine(isSiteOrigin, "must be the site's address alone, with no path or query (https://your.shop)")
      .optional(),
  ),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
      .optional(),
  ),
  DEMO_MODE: flag,
  SESSION_SECRET: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine(
        (secret) => secret.replace(/\s/g, '').length >= 32,
        'must be at least 32 characters, not counting spaces',
      )
      .optional(),
  ),
  OIDC_ISSUER: z.preprocess(
    emptyAsUndefined,
    httpUrl('must be an http:// or https:// address').default(GOOGLE_ISSUER),
  ),
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_PROVIDER_NAME: optionalString,
  ADMIN_EMAILS: z.preprocess(emptyAsUndefined, z.string().default('')).transform((v) =>
    v
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  ),
  SIGN_IN_RATE_LIMIT: wholeNumber(1, 10_000, 10),
  PAYMENT_RATE_LIMIT: wholeNumber(1, 100_000, 20),
  UPLOAD_RATE_LIMIT: wholeNumber(1, 10_000, 30),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_BASE: z.preprocess(
    emptyAsUndefined,
    httpUrl('must be an http:// or https:// address').optional(),
  ),
  STRIPE_TIMEOUT_MS: wholeNumber(100, 60_000, 10_000),
  MAPS_TOKEN: optionalString,
  MAPS_API_BASE: z.preprocess(
    emptyAsUndefined,
    httpUrl('must be an http:// or https:// address').default(MAPBOX_API),
  ),
  API_BASE_URL: z.preprocess(emptyAsUndefined, z.string().default('')),
  S3_BUCKET: optionalString,
  S3_ENDPOINT: z.preprocess(emptyAsUndefined, httpUrl('must be an http:// or https:// address').optional()),
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  SALES_TAX_RATE: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^(\d+(\.\d*)?|\.\d+)$/, 'must be a fraction from 0 to 0.5 (0.0825 for 8.25%)')
      .transform(Number)
      .pipe(z.number().max(0.5, 'must be a fraction from 0 to 0.5 (0.0825 for 8.25%)'))
      .default(0),
  ),
  // The shop's clock: the day an order is dated, the dashboard's "today", the barbers' "today".
  SHOP_TIME_ZONE: z.preprocess(
    emptyAsUndefined,
    z.string().refine(isTimeZone, 'must be an IANA time zone name such as America/Denver').default('UTC'),
  ),
  TRUST_PROXY: z
    .preprocess(emptyAsUndefined, z.string().optional())
    .transform((value, ctx) => parseTrustProxy(value, ctx)),
  // Outgoing email (order confirmations): SMTP when set, else .eml files in DATA_DIR/outbox.
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  // The sender's address, with a name used until the shop's settings give it one.
  MAIL_FROM: z.preprocess(emptyAsUndefined, z.string().optional()).transform(parseMailFrom),
  // Where the shop's paid-order alerts go; empty: the shop's email setting.
  SHOP_ALERT_EMAIL: z.preprocess(emptyAsUndefined, z.email('must be an email address').optional()),
  SHUTDOWN_DELAY_MS: wholeNumber(0, 60_000, 0, 'must be milliseconds from 0 to 60000'),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
});

export type Env = z.input<typeof EnvSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/**
 * This machine only: the name `localhost`, or an IP literal in 127.0.0.0/8 or ::1. A host name that
 * merely starts with "127." (127.0.0.1.nip.io) is a public name and does not count.
 */
export function isLoopbackHost(host: string): boolean {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (bare.toLowerCase() === 'localhost') return true;
  const family = isIP(bare);
  return family !== 0 && LOOPBACK.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

/** The name the sign-in button shows: Google for Google's issuer, OIDC_PROVIDER_NAME otherwise. */
function providerName(issuer: string, configured: string | undefined): string | undefined {
  if (configured) return configured;
  return new URL(issuer).origin === GOOGLE_ISSUER ? 'Google' : undefined;
}

/** Where the provider's profile pictures come from, so the CSP lets them show. */
function pictureOrigins(issuer: string): string[] {
  return new URL(issuer).origin === GOOGLE_ISSUER
    ? ['https://*.googleusercontent.com']
    : [new URL(issuer).origin];
}

/** Reads DATA_DIR/session-secret, creating it on first run: only for demo and development use. */
function generatedSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    const secret = randomBytes(32).toString('base64url');
    try {
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(file, secret, { mode: 0o600 });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      throw new ConfigError(
        `Invalid configuration:\n  SESSION_SECRET: not set, and DATA_DIR cannot keep a generated one (${file}: ${code})`,
      );
    }
    return secret;
  }
}

/**
 * Parses the environment once at boot. Every bad variable is listed at once, by name.
 * This is the only code that reads process.env.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT || 3000}`);
  const production = e.NODE_ENV === 'production';
  const local = isLoopbackHost(publicUrl.hostname);
  // Development sign-in (anyone becomes anyone), demo payments and a generated secret exist only for a
  // site on this machine, whatever NODE_ENV says: an operator who forgets NODE_ENV gets a refusal, not
  // a public site where every visitor can sign in as the admin.
  const demo = local && (!production || e.DEMO_MODE);
  const problems: string[] = [];
  if (e.DEMO_MODE && !local)
    problems.push(`  DEMO_MODE: only allowed when PUBLIC_URL is on this machine (got ${publicUrl.origin})`);
  if (demo && !isLoopbackHost(e.HOST))
    problems.push(
      `  HOST: demo mode (development sign-in, demo payments) listens on this machine only (got ${e.HOST}); set PUBLIC_URL to the public address and configure real sign-in and payments`,
    );
  const reason = local ? 'in production' : `with a public PUBLIC_URL (${publicUrl.origin})`;
  if (!demo && !e.SESSION_SECRET) problems.push(`  SESSION_SECRET: required ${reason}`);
  if (!demo && !e.OIDC_CLIENT_ID)
    problems.push(`  OIDC_CLIENT_ID: required ${reason} (development sign-in runs only on this machine)`);
  if (!demo && !e.STRIPE_SECRET_KEY)
    problems.push(`  STRIPE_SECRET_KEY: required ${reason} (demo payments run only on this machine)`);
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET)
    problems.push('  STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY');
  // Without it every customer's card form fails to load; without the client secret every sign-in
  // fails at the provider's callback: both said at start-up instead.
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_PUBLISHABLE_KEY)
    problems.push(
      "  STRIPE_PUBLISHABLE_KEY: required with STRIPE_SECRET_KEY (the browser's card form uses it)",
    );
  if (e.OIDC_CLIENT_ID && !e.OIDC_CLIENT_SECRET)
    problems.push('  OIDC_CLIENT_SECRET: required with OIDC_CLIENT_ID');
  const signInProvider = providerName(e.OIDC_ISSUER, e.OIDC_PROVIDER_NAME);
  if (e.OIDC_CLIENT_ID && !signInProvider)
    problems.push(
      "  OIDC_PROVIDER_NAME: required when OIDC_ISSUER is not Google's (the sign-in button names the provider)",
    );
  // Media would stay in DATA_DIR, or every upload would fail its signature, only when staff save.
  const s3Set = (['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter(
    (name) => e[name],
  );
  if (!e.S3_BUCKET && s3Set.length) problems.push(`  S3_BUCKET: required with ${s3Set.join(', ')}`);
  if (e.S3_BUCKET)
    for (const name of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const)
      if (!e[name]) problems.push(`  ${name}: required with S3_BUCKET`);
  // Stand-ins for tests. Every call to either carries a secret (STRIPE_SECRET_KEY, MAPS_TOKEN): a
  // stray value must not send it to another host.
  if (e.STRIPE_API_BASE && !isLoopbackHost(new URL(e.STRIPE_API_BASE).hostname))
    problems.push(
      `  STRIPE_API_BASE: only for a stand-in on this machine (tests); leave it empty for Stripe (got ${e.STRIPE_API_BASE})`,
    );
  if (e.MAPS_API_BASE !== MAPBOX_API && !isLoopbackHost(new URL(e.MAPS_API_BASE).hostname))
    problems.push(
      `  MAPS_API_BASE: only for a stand-in on this machine (tests); leave it empty for Mapbox (got ${e.MAPS_API_BASE})`,
    );
  // Unset, the address would be http://localhost:PORT whatever HOST the server listens on: links in
  // emails and the sitemap pointing at the reader's own machine, and cookies without the Secure flag.
  if (production && !e.DEMO_MODE && !e.PUBLIC_URL)
    problems.push(
      '  PUBLIC_URL: required in production (https://your.shop: links in emails, the sitemap and secure cookies are made from it), unless DEMO_MODE=true for a demo on this machine',
    );
  // Whatever travels over these would travel in the clear: session cookies (no Secure flag, no HSTS
  // over http), the provider's signing keys and the client secret at the token exchange.
  if (!local && publicUrl.protocol === 'http:')
    problems.push(
      `  PUBLIC_URL: a site reached from other machines must be https:// (sign-in cookies would travel unencrypted; got ${publicUrl.origin})`,
    );
  const issuer = new URL(e.OIDC_ISSUER);
  if (issuer.protocol === 'http:' && !isLoopbackHost(issuer.hostname))
    problems.push(
      `  OIDC_ISSUER: must be https:// unless the provider runs on this machine (got ${e.OIDC_ISSUER})`,
    );
  // The publishable key and the maps token are written into every page: a secret key swapped in for
  // either would be published to every visitor and crawler.
  if (e.STRIPE_SECRET_KEY && !/^(sk|rk)_/.test(e.STRIPE_SECRET_KEY))
    problems.push('  STRIPE_SECRET_KEY: must be a secret or restricted key (sk_… or rk_…)');
  if (e.STRIPE_PUBLISHABLE_KEY && !e.STRIPE_PUBLISHABLE_KEY.startsWith('pk_'))
    problems.push(
      "  STRIPE_PUBLISHABLE_KEY: must be the publishable key (pk_…): it is sent to every visitor's browser",
    );
  if (e.MAPS_TOKEN?.startsWith('sk.'))
    problems.push(
      "  MAPS_TOKEN: must be a public Mapbox token (pk.…), not a secret one (sk.…): it is sent to every visitor's browser",
    );
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);

  const dataDir = resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    production,
    /** Demo features (development sign-in, demo payments): only with a loopback PUBLIC_URL. */
    demo,
    /**
     * Pages through Vite's development server (no CSP, source files served): only for development on
     * this machine. A public site started without NODE_ENV serves the production build.
     */
    devPages: demo && !production,
    port: e.PORT,
    host: e.HOST,
    publicUrl: publicUrl.origin,
    secureCookies: publicUrl.protocol === 'https:',
    dataDir,
    databaseUrl: e.DATABASE_URL,
    sessionSecret: e.SESSION_SECRET ?? generatedSecret(dataDir),
    adminEmails: e.ADMIN_EMAILS,
    /** Sign-in attempts allowed per client per minute. */
    signInRateLimit: e.SIGN_IN_RATE_LIMIT,
    /** Payments one customer may start per minute: a few cover a storm of clicks on Pay and a retry. */
    paymentRateLimit: e.PAYMENT_RATE_LIMIT,
    /** Saves with images (product and barber forms) one staff member may send per minute. */
    uploadRateLimit: e.UPLOAD_RATE_LIMIT,
    oidc: e.OIDC_CLIENT_ID
      ? { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET }
      : null,
    /** The identity provider's name on the sign-in button (the development provider stands in for Google's). */
    signInProvider: signInProvider ?? 'Google',
    /** Origins the provider's profile pictures load from (CSP img-src). */
    pictureOrigins: pictureOrigins(e.OIDC_ISSUER),
    /** Fastify's trustProxy: false, a hop count, or the proxies' addresses. */
    trustProxy: e.TRUST_PROXY,
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          publishableKey: e.STRIPE_PUBLISHABLE_KEY ?? '',
          webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? '',
          apiBase: e.STRIPE_API_BASE,
          /** How long one call to Stripe may take before it is tried again (once), then given up. */
          timeoutMs: e.STRIPE_TIMEOUT_MS,
        }
      : null,
    maps: { token: e.MAPS_TOKEN, apiBase: e.MAPS_API_BASE },
    apiBaseUrl: e.API_BASE_URL,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION ?? 'us-east-1',
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        }
      : null,
    salesTaxRate: e.SALES_TAX_RATE,
    /** The IANA time zone dates and days are shown in, on pages and in emails alike. */
    shopTimeZone: e.SHOP_TIME_ZONE,
    mail: {
      smtpUrl: e.SMTP_URL,
      /** The sender; each email is named after the shop once its settings are saved (mail/mailer.ts). */
      from: e.MAIL_FROM ?? { name: 'Barbershop', address: `no-reply@${publicUrl.hostname}` },
      outboxDir: join(dataDir, 'outbox'),
      shopAlertEmail: e.SHOP_ALERT_EMAIL,
    },
    logLevel: e.LOG_LEVEL,
    /**
     * How long a copy told to stop keeps serving new requests while its readiness answers 503, so a
     * load balancer that still routes to it meanwhile reaches a server, not a closed port.
     */
    shutdownDelayMs: e.SHUTDOWN_DELAY_MS,
  };
}

export type Config = ReturnType<typeof loadConfig>;
