// The server a shutdown test signals: the real app and the real shutdown module (as main.ts uses
// them), plus one slow route so requests can be in flight when SIGTERM arrives.
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { shutDownOnSignals } from '../plugins/shutdown.ts';

const config = loadConfig({
  SHUTDOWN_DELAY_MS: process.env.SHUTDOWN_DELAY_MS ?? '',
  NODE_ENV: 'test',
  DATA_DIR: process.env.DATA_DIR ?? '',
  SESSION_SECRET: 'x'.repeat(32),
});
const app = await buildApp(config, { web: false, logger: false });
app.get('/slow', { config: { access: 'public' } }, async () => {
  process.stdout.write('slow request started\n');
  await sleep(1500);
  return { done: true };
});
shutDownOnSignals(app, { delayMs: config.shutdownDelayMs });
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`listening on ${(app.server.address() as { port: number }).port}\n`);
