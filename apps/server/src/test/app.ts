import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseHandle } from '@barbershop/db';
import { openTestDatabase } from '@barbershop/db/testing';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { localMediaStorage } from '../modules/media/media.storage.ts';

export type TestApp = Awaited<ReturnType<typeof buildApp>> & { handle: DatabaseHandle; config: Config };

/**
 * The real server (API only) on a fresh migrated database, with media in a temporary directory, or
 * in the bucket the env names (S3_BUCKET and S3_ENDPOINT of a stand-in). `extend` adds routes a
 * test needs before the app starts (an echo route, say).
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  extend?: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<void>,
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'barbershop-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(32), ...env });
  const handle = await openTestDatabase();
  const app = await buildApp(config, {
    database: handle,
    ...(config.s3 ? {} : { media: localMediaStorage(join(dataDir, 'media')) }),
    web: false,
    logger: false,
  });
  app.addHook('onClose', async () => {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  await extend?.(app);
  await app.ready();
  return Object.assign(app, { handle, config });
}

/** The JSON body of an inject response. */
export function json<T = unknown>(response: LightMyRequestResponse): T {
  return response.json() as T;
}
