// One copy of the server for tests that start several processes on one database: the real app
// (API only) configured from the environment the test passes (DATABASE_URL, STRIPE_*, SMTP_URL),
// plus one route outside /api that runs the expiry sweep now, so a test can make copies sweep at
// once instead of waiting for their timers.
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { sweepExpiredOrders } from '../jobs/expiry-sweep.ts';
import { notifyOf } from '../modules/orders/order-lifecycle.ts';
import { shutDownOnSignals } from '../plugins/shutdown.ts';

const config = loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'x'.repeat(32), ...process.env });
const app = await buildApp(config, { web: false, logger: false, jobs: process.env.JOBS === 'true' });
app.post('/test/sweep', { config: { access: 'public' } }, async (request) => {
  const { at } = request.query as { at?: string };
  const canceled = await sweepExpiredOrders(
    app.db,
    app.payments,
    notifyOf(config),
    at ? new Date(at) : new Date(),
  );
  return { canceled };
});
shutDownOnSignals(app, { delayMs: config.shutdownDelayMs });
// The test process holds this pipe: when it ends, so does this copy. A hook that timed out before it
// could stop the copies it started, or a worker Vitest ended, left them serving on for good, holding
// their database, and Vitest waiting on its worker after its summary.
process.stdin.once('end', () => process.exit(1));
process.stdin.resume();
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`listening on ${(app.server.address() as { port: number }).port}\n`);
