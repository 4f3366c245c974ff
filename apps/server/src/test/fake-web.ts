import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../config.ts';
import { type SsrOptions, ssrPlugin } from '../plugins/ssr.ts';

/** A web root whose server build is `source`, a stand-in for React Router's; the caller removes it. */
export function fakeWebRoot(source: string): string {
  const webRoot = mkdtempSync(join(tmpdir(), 'barbershop-fake-web-'));
  mkdirSync(join(webRoot, 'build/server'), { recursive: true });
  mkdirSync(join(webRoot, 'build/client'), { recursive: true });
  writeFileSync(join(webRoot, 'build/server/index.js'), source);
  return webRoot;
}

/** Serves pages from the stand-in build in `webRoot`, as production serves the real one. */
export async function registerFakePages(
  server: FastifyInstance,
  webRoot: string,
  publicUrl: string,
  options: Pick<SsrOptions, 'pageCache'> = {},
) {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: webRoot,
    SESSION_SECRET: 'x'.repeat(32),
    PUBLIC_URL: publicUrl,
  });
  await server.register(ssrPlugin, { config, webRoot, dev: false, ...options });
}
