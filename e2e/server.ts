import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { productionEnv, runServerScript } from './production-server.ts';

// Playwright's webServer: the production server on a fresh, seeded data directory (DATA_DIR, made by
// playwright.config.ts, or a new one) that is removed on exit, so every run starts from the same sample
// data and leaves nothing behind.

const port = process.env.PORT;
if (!port) throw new Error('e2e/server.ts needs PORT');

const dataDir = process.env.DATA_DIR || (await mkdtemp(join(tmpdir(), 'barbershop-e2e-')));
const env = productionEnv(port, dataDir);

let child: ChildProcess | undefined;
let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    stopping = true;
    // The child may already have the signal (same process group); a second one is harmless.
    child?.kill(signal);
    if (!child) void cleanUp(1);
  });
}

async function cleanUp(code: number) {
  await rm(dataDir, { recursive: true, force: true });
  process.exit(code);
}

/** Runs one of the server's scripts to its end, resolving to its exit code. */
function runNode(script: string, args: string[] = []): Promise<number> {
  child = runServerScript(env, script, args, 'inherit');
  return new Promise((resolve) => child?.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

const seeded = await runNode('cli/db.ts', ['seed']);
if (seeded !== 0 || stopping) await cleanUp(seeded || 1);
await cleanUp(await runNode('main.ts'));
