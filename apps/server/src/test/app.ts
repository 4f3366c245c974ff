import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseHandle } from '@barbershop/db';
import { openTestDatabase } from '@barbershop/db/testing';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { localMediaStorage } from '../modules/media/media.storage.ts';

/**
 * Stand-ins for a real identity provider and payment provider: a public PUBLIC_URL requires them
 * (config.ts). Nothing reaches them unless a test signs in or pays.
 */
export const REAL_PROVIDERS = {
  OIDC_CLIENT_ID: 'test-client',
  OIDC_CLIENT_SECRET: 'test-secret',
  STRIPE_SECRET_KEY: 'sk_test_stand_in',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_stand_in',
  STRIPE_WEBHOOK_SECRET: 'whsec_stand_in',
} as const;

export type TestApp = Awaited<ReturnType<typeof buildApp>> & { handle: DatabaseHandle; config: Config };

/**
 * The real server (API only) on a fresh migrated database, with media in a temporary directory, or
 * in the bucket the env names (S3_BUCKET and S3_ENDPOINT of a stand-in). `extend` adds routes a
 * test needs before the app starts (an echo route, say).
 */
export function buildTestApp(
  env: Record<string, string> = {},
  extend?: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<void>,
): Promise<TestApp> {
  return build(env, extend);
}

/** A test app that logs at LOG_LEVEL (default info) into `log`, one parsed object per line. */
export async function buildTestAppWithLog(
  env: Record<string, string> = {},
  extend?: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<void>,
) {
  const log: Record<string, unknown>[] = [];
  const app = await build({ LOG_LEVEL: 'info', ...env }, extend, (line) => log.push(JSON.parse(line)));
  return { app, log };
}

async function build(
  env: Record<string, string>,
  extend?: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<void>,
  writeLog?: (line: string) => void,
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'barbershop-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(32), ...env });
  const handle = await openTestDatabase();
  const app = await buildApp(config, {
    database: handle,
    ...(config.s3 ? {} : { media: localMediaStorage(join(dataDir, 'media')) }),
    web: false,
    ...(writeLog ? { logStream: { write: writeLog } } : { logger: false }),
  });
  const release = async () => {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  app.addHook('onClose', release);
  try {
    await extend?.(app);
    await app.ready();
  } catch (error) {
    // An app a test expects to refuse to start leaves no database or folder in the worker it shares.
    await release();
    throw error;
  }
  return Object.assign(app, { handle, config });
}

/** The JSON body of an inject response. */
export function json<T = unknown>(response: LightMyRequestResponse): T {
  return response.json() as T;
}
