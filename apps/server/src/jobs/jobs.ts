import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { mailerFor } from '../modules/mail/mailer.ts';
import { notifyOf } from '../modules/orders/order-lifecycle.ts';
import { deleteEndedWindows } from '../plugins/rate-limit.repository.ts';
import { sweepExpiredOrders } from './expiry-sweep.ts';
import { keepHouse } from './housekeeping.ts';
import { sweepUnreferencedMedia } from './media-sweep.ts';
import { sendDueEmails } from './outbox-worker.ts';

const SWEEP_EVERY_MS = 60_000;
const MAIL_EVERY_MS = 5_000;
const MEDIA_EVERY_MS = 5 * 60_000;
const RATE_LIMITS_EVERY_MS = 60_000;
const HOUSEKEEPING_EVERY_MS = 60 * 60_000;

/**
 * Runs `task` now and then every `everyMs` after it finishes, until stopped; errors are logged. A
 * stop waits for the round in progress, which its signal asks to end early where it can.
 */
function every(
  app: FastifyInstance,
  name: string,
  everyMs: number,
  task: (signal: AbortSignal) => Promise<unknown>,
) {
  let timer: NodeJS.Timeout | undefined;
  const stopping = new AbortController();
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = task(stopping.signal)
      .catch((error) => app.log.error({ err: error, job: name }, 'background job failed'))
      .finally(() => {
        if (!stopping.signal.aborted) timer = setTimeout(run, everyMs);
      });
  };
  run();
  return async () => {
    stopping.abort();
    clearTimeout(timer);
    await running;
  };
}

/**
 * The background jobs of every server copy (safe with several, DESIGN.md section 6): the expiry
 * sweep at start-up and every minute, the outbox worker every few seconds, ended rate-limit windows
 * every minute, the media sweep every five minutes, and housekeeping (ended sessions, the embedded
 * database's vacuum) every hour. Answers a function that stops them and waits for a round in progress.
 */
export function startJobs(app: FastifyInstance, config: Config): () => Promise<void> {
  const notify = notifyOf(config);
  const send = mailerFor(config.mail, new URL(config.publicUrl).hostname);
  const stops = [
    every(app, 'expiry-sweep', SWEEP_EVERY_MS, () => sweepExpiredOrders(app.db, app.payments, notify)),
    every(app, 'outbox', MAIL_EVERY_MS, () => sendDueEmails(app.db, send, new Date(), Date.now, app.log)),
    every(app, 'media-sweep', MEDIA_EVERY_MS, () => sweepUnreferencedMedia(app.db, app.media)),
    every(app, 'rate-limits', RATE_LIMITS_EVERY_MS, () => deleteEndedWindows(app.db)),
    every(app, 'housekeeping', HOUSEKEEPING_EVERY_MS, (signal) => keepHouse(app.database, signal)),
  ];
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
