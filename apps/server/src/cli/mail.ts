import { isUuid } from '@barbershop/contract';
import { ConfigError, loadConfig } from '../config.ts';
import { listRefusedEmails, requeueRefusedEmails } from '../modules/mail/outbox.repository.ts';
import { runUserCommand, withShopDatabase } from './user-command.ts';

const USAGE = 'Usage: npm run mail:failed, or npm run mail:retry -- <all | outbox id...>';

/**
 * npm run mail:failed lists the emails the mail server refused for good (the outbox worker tries
 * them no more); npm run mail:retry puts them, or those named, back in the queue once the cause is
 * fixed (the mail server's rules, SMTP_URL's credentials).
 */
async function main(args: string[]): Promise<number> {
  const [command, ...ids] = args;
  const all = ids.length === 1 && ids[0] === 'all';
  const valid =
    command === 'failed'
      ? ids.length === 0
      : command === 'retry' && (all || (ids.length > 0 && ids.every(isUuid)));
  if (!valid) throw new ConfigError(USAGE);
  const config = loadConfig();
  return withShopDatabase(config, async (db) => {
    if (command === 'failed') {
      const refused = await listRefusedEmails(db);
      if (refused.length === 0) {
        console.warn('No email was refused by the mail server.');
        return 0;
      }
      for (const email of refused) {
        console.log(`${email.id}  ${email.failedAt?.toISOString()}  to ${email.to}: ${email.subject}`);
        console.log(`  ${email.lastError}`);
      }
      console.warn(
        `${refused.length} refused by the mail server, not tried again. Once the cause is fixed: npm run mail:retry -- <id> (or all).`,
      );
      return 0;
    }
    const requeued = await requeueRefusedEmails(db, new Date(), all ? undefined : ids);
    const missed = all ? [] : ids.filter((id) => !requeued.includes(id));
    for (const id of missed) console.error(`No refused email ${id}: npm run mail:failed lists them.`);
    console.warn(
      `Re-queued ${requeued.length} ${requeued.length === 1 ? 'email' : 'emails'}: a running server sends ${requeued.length === 1 ? 'it' : 'them'} within seconds.`,
    );
    return missed.length ? 1 : 0;
  });
}

runUserCommand(main);
