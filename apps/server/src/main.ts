import { enableCompileCache, flushCompileCache } from 'node:module';
import { resolve } from 'node:path';
import './module-hooks.ts';

// Node keeps the compiled code (and the TypeScript with its types stripped) of every module it loads,
// so the next start skips compiling them: about a third of start-up's CPU time. Where node_modules is
// read-only the cache stays off (Node answers a status, nothing throws); NODE_COMPILE_CACHE picks
// another directory and NODE_DISABLE_COMPILE_CACHE=1 turns it off (docs/operations.md).
enableCompileCache(resolve(import.meta.dirname, '../../../node_modules/.cache/server-compile-cache'));

// Imported only now, once module-hooks.ts has registered: static imports would all be resolved first.
const { DataDirectoryError, openDatabase } = await import('@barbershop/db');
const { ConfigError, loadConfig } = await import('./config.ts');

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

// Opened before the app's modules load, so that the embedded database's start (reading its files,
// compiling its WebAssembly) goes on meanwhile. Its errors surface where buildApp awaits it, below.
const database = openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
database.catch(() => {});

const { buildApp } = await import('./app.ts');
const { shutDownOnSignals } = await import('./plugins/shutdown.ts');

let app: Awaited<ReturnType<typeof buildApp>>;
try {
  app = await buildApp(config, { opening: database, web: config.devPages ? 'dev' : 'build', jobs: true });
} catch (error) {
  // A second server on the same embedded database, or a directory it cannot write: say so and stop,
  // without a stack trace.
  if (error instanceof DataDirectoryError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

shutDownOnSignals(app, { delayMs: config.shutdownDelayMs });

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  app.log.error({ err: error }, `could not listen on ${config.host}:${config.port}`);
  process.exit(1);
}
// Written now, not only at exit: a container killed without a clean shutdown still starts faster next time.
flushCompileCache();
