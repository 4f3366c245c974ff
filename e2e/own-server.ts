import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../scripts/bench/stats.ts';
import { expect, test } from './fixtures.ts';
import { productionEnv, runServerScript } from './production-server.ts';

/**
 * How long the beforeAll that starts a file's own server may take: seeding the sample shop rasterises its
 * pictures (21 s at a load of 10 on the shared 2 cores; two files may seed at once, beside the
 * other worker's tests), and 120 s was seen to run out at a load of 20 to 30.
 */
const OWN_SERVER_START_MS = 300_000;

/**
 * The production server of one test file's own, on a new data directory and a free port, for what the
 * shared server cannot show (its sample shop, its demo payments): seeded with the sample shop or
 * empty, as a real shop starts. Resolves once it is ready; `stop` kills it and removes its data. Call
 * it from a beforeAll: it gives that hook the time a start takes.
 */
export async function startOwnServer(
  name: string,
  { seed, env = {} }: { seed: boolean; env?: NodeJS.ProcessEnv },
) {
  test.setTimeout(OWN_SERVER_START_MS);
  const port = await freePort();
  const site = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), `barbershop-${name}-`));
  const serverEnv = productionEnv(String(port), dataDir, env);
  if (seed) {
    const seeding = runServerScript(serverEnv, 'cli/db.ts', ['seed']);
    expect(await new Promise((resolve) => seeding.once('exit', resolve))).toBe(0);
  }
  const server = runServerScript(serverEnv, 'main.ts');
  const health = () =>
    fetch(`${site}/healthz`).then(
      (response) => response.status,
      () => 0,
    );
  await expect.poll(health, { timeout: 120_000 }).toBe(200);
  return {
    site,
    stop() {
      server.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
