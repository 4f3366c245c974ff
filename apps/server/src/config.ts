import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
const flag = z
  .preprocess(emptyAsUndefined, z.enum(['true', 'false', '1', '0']).optional())
  .transform((v) => v === 'true' || v === '1');

const EnvSchema = z.object({
  NODE_ENV: z.preprocess(
    emptyAsUndefined,
    z.enum(['development', 'production', 'test']).default('development'),
  ),
  PORT: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a port number from 0 to 65535' })
      .int('must be a port number from 0 to 65535')
      .min(0, 'must be a port number from 0 to 65535')
      .max(65535, 'must be a port number from 0 to 65535')
      .default(3000),
  ),
  HOST: z.preprocess(emptyAsUndefined, z.string().default('127.0.0.1')),
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
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
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  OIDC_ISSUER: z.preprocess(emptyAsUndefined, z.url().default('https://accounts.google.com')),
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  ADMIN_EMAILS: z.preprocess(emptyAsUndefined, z.string().default('')).transform((v) =>
    v
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  ),
  SIGN_IN_RATE_LIMIT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(10_000).default(10)),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_BASE: z.preprocess(emptyAsUndefined, z.url().optional()),
  MAPS_TOKEN: optionalString,
  MAPS_API_BASE: z.preprocess(emptyAsUndefined, z.url().default('https://api.mapbox.com')),
  API_BASE_URL: z.preprocess(emptyAsUndefined, z.string().default('')),
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalString,
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  SALES_TAX_RATE: z.preprocess(emptyAsUndefined, z.coerce.number().min(0).max(0.5).default(0)),
  // Outgoing email (order confirmations): SMTP when set, else .eml files in DATA_DIR/outbox.
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: optionalString,
  // Where the shop's paid-order alerts go; empty: the shop's email setting.
  SHOP_ALERT_EMAIL: z.preprocess(emptyAsUndefined, z.email('must be an email address').optional()),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
});

export type Env = z.input<typeof EnvSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function isLoopback(url: URL): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname) || url.hostname.startsWith('127.');
}

/** Reads DATA_DIR/session-secret, creating it on first run: only for demo and development use. */
function generatedSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600 });
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
  // Development sign-in, demo payments and a generated secret are for a site on this machine only.
  if (e.DEMO_MODE && !isLoopback(publicUrl)) {
    throw new ConfigError(
      `Invalid configuration:\n  DEMO_MODE: only allowed when PUBLIC_URL is on this machine (got ${publicUrl.origin})`,
    );
  }
  const demo = !production || e.DEMO_MODE;
  const problems: string[] = [];
  if (!demo && !e.SESSION_SECRET) problems.push('  SESSION_SECRET: required in production');
  if (!demo && !e.OIDC_CLIENT_ID)
    problems.push('  OIDC_CLIENT_ID: required in production (no development sign-in)');
  if (!demo && !e.STRIPE_SECRET_KEY)
    problems.push('  STRIPE_SECRET_KEY: required in production (no demo payments)');
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET)
    problems.push('  STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY');
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);

  const dataDir = resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    production,
    /** Demo features (development sign-in, demo payments) are allowed. */
    demo,
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
    oidc: e.OIDC_CLIENT_ID
      ? { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET }
      : null,
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          publishableKey: e.STRIPE_PUBLISHABLE_KEY ?? '',
          webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? '',
          apiBase: e.STRIPE_API_BASE,
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
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `Barbershop <no-reply@${publicUrl.hostname}>`,
      outboxDir: join(dataDir, 'outbox'),
      shopAlertEmail: e.SHOP_ALERT_EMAIL,
    },
    logLevel: e.LOG_LEVEL,
  };
}

export type Config = ReturnType<typeof loadConfig>;
