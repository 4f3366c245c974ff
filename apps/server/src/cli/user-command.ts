import { dayIn } from '@barbershop/contract/format';
import { type Database, openDatabase } from '@barbershop/db';
import { type Config, ConfigError } from '../config.ts';
import type { UserRow } from '../modules/users/users.repository.ts';

/** What the listing says of an account whose email its provider has not vouched for: nothing if it did. */
function emailDoubt(emailVerified: boolean | null): string {
  if (emailVerified) return '';
  return emailVerified === null
    ? ' (not signed in since emails were checked)'
    : ' (email not verified by the provider)';
}

/**
 * The user commands' refusal of an email several accounts share: each listed, to be named by its id,
 * with the day it began on the shop's clock (`timeZone`), the day its user page says it joined.
 */
export function severalAccounts(email: string, users: UserRow[], timeZone: string): string {
  const lines = users.map(
    (user) =>
      `  ${user.id}  ${user.name}, signed in through ${user.oidcIssuer} since ${dayIn(user.createdAt, timeZone)}${emailDoubt(user.emailVerified)}`,
  );
  return [
    `${users.length} accounts have the email ${email}; nothing changed. Run this again with the id of the one to change:`,
    ...lines,
  ].join('\n');
}

/** The user commands' answer when no account has the email (and id) given. */
export function noAccount(email: string, accountId: string | undefined): string {
  return accountId ? `No account ${accountId} with the email ${email}` : `No account with the email ${email}`;
}

/** Runs a user command: exits with the status `main` answers, or 1 with its error said in one line. */
export function runUserCommand(main: (args: string[]) => Promise<number>): void {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(
        error instanceof ConfigError ? error.message : error instanceof Error ? error.message : error,
      );
      process.exit(1);
    },
  );
}

/**
 * Runs a command's `work` on the shop's database, migrated first (a command may be the first thing a
 * new release runs), and closes it after.
 */
export async function withShopDatabase<T>(config: Config, work: (db: Database) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await handle.migrate();
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}
