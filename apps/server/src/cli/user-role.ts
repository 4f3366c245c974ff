import { AUDIT_TOOLS } from '@barbershop/contract';
import { ACCESS, roleName } from '@barbershop/contract/domain';
import { ConfigError, loadConfig } from '../config.ts';
import { setRoleByEmail } from '../modules/users/users.service.ts';
import { noAccount, runUserCommand, severalAccounts, withShopDatabase } from './user-command.ts';

const LEVELS = Object.values(ACCESS);
const USAGE = `Usage: ${AUDIT_TOOLS.roleCommand} -- <email> <${LEVELS.join('|')}> [account id]   (${LEVELS.map((level) => `${level} ${roleName(level)}`).join(', ')})`;

/** npm run user:role: appoints staff and admins from the command line, e.g. on a fresh deployment. */
async function main(args: string[]): Promise<number> {
  const [email, level, accountId] = args;
  const accessLevel = LEVELS.find((value) => String(value) === level);
  if (args.length < 2 || args.length > 3 || !email?.includes('@') || accessLevel === undefined)
    throw new ConfigError(USAGE);
  const config = loadConfig();
  return withShopDatabase(config, async (db) => {
    const result = await setRoleByEmail(db, email, accessLevel, accountId);
    if ('none' in result) {
      console.error(
        `${noAccount(email, accountId)}${accountId ? '' : ' yet'}: sign in with it once, then run this again.`,
      );
      return 1;
    }
    if ('unverified' in result) {
      const { id, oidcIssuer, emailVerified } = result.unverified;
      console.error(
        [
          emailVerified === null
            ? `Account ${id}, the one with the email ${email}, has not signed in since this shop began recording whether ${oidcIssuer} verified emails; nothing changed.`
            : `${oidcIssuer} has not verified that ${email} belongs to account ${id}, the one with that email; nothing changed.`,
          'Ask its owner to sign in again (with the address verified at the provider), or, if you know the account is theirs, run this again with its id.',
        ].join('\n'),
      );
      return 1;
    }
    if ('several' in result) {
      console.error(severalAccounts(email, result.several, config.shopTimeZone));
      return 1;
    }
    console.warn(
      'unchanged' in result
        ? `${email} is already ${roleName(accessLevel)}: nothing changed.`
        : `${email} is now ${roleName(accessLevel)}.`,
    );
    // The operator holds both settings, so this is said, not refused (the dashboard refuses it).
    if (accessLevel !== ACCESS.admin && config.adminEmails.includes(email.toLowerCase()))
      console.warn(
        `ADMIN_EMAILS lists ${email}: its next sign-in makes it an admin again. Take it out of ADMIN_EMAILS to keep this change.`,
      );
    return 0;
  });
}

runUserCommand(main);
