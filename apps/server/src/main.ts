import './module-hooks.ts';

// Imported only now, once module-hooks.ts has registered: static imports would all be resolved first.
const { DirectoryLockedError } = await import('@barbershop/db');
const { buildApp } = await import('./app.ts');
const { ConfigError, loadConfig } = await import('./config.ts');
const { shutDownOnSignals } = await import('./plugins/shutdown.ts');

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

let app: Awaited<ReturnType<typeof buildApp>>;
try {
  app = await buildApp(config, { web: config.devPages ? 'dev' : 'build', jobs: true });
} catch (error) {
  // A second server on the same embedded database: say so and stop, without a stack trace.
  if (error instanceof DirectoryLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

shutDownOnSignals(app);

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  app.log.error({ err: error }, `could not listen on ${config.host}:${config.port}`);
  process.exit(1);
}
