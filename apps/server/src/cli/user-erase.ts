import { AUDIT_TOOLS } from '@barbershop/contract';
import { roleName } from '@barbershop/contract/domain';
import { ConfigError, loadConfig } from '../config.ts';
import { eraseUserByEmail } from '../modules/users/users.service.ts';
import { noAccount, runUserCommand, severalAccounts, withShopDatabase } from './user-command.ts';

const USAGE = `Usage: ${AUDIT_TOOLS.eraseCommand} -- <email> [account id]`;

/**
 * npm run user:erase: erases a customer's personal data when they ask (the privacy policy's right to
 * deletion); their orders stay, without their name.
 */
async function main(args: string[]): Promise<number> {
  const [email, accountId] = args;
  if (args.length < 1 || args.length > 2 || !email?.includes('@')) throw new ConfigError(USAGE);
  const config = loadConfig();
  return withShopDatabase(config, async (db) => {
    const result = await eraseUserByEmail(db, email, accountId);
    if ('none' in result) {
      console.error(`${noAccount(email, accountId)}: nothing to erase.`);
      return 1;
    }
    if ('several' in result) {
      console.error(severalAccounts(email, result.several, config.shopTimeZone));
      return 1;
    }
    if ('staff' in result) {
      console.error(
        `${email} is ${roleName(result.staff.accessLevel)}: nothing changed. Make it a customer first (npm run user:role -- ${email} 0); the activity page then shows its past changes under the name it had.`,
      );
      return 1;
    }
    if ('openOrders' in result) {
      console.error(
        `${email} has ${result.openOrders === 1 ? 'an order' : `${result.openOrders} orders`} the shop has not finished with (not yet picked up, delivered or canceled, a payment under way, or one waiting for staff in the dashboard); nothing changed. Run this again once it is done.`,
      );
      return 1;
    }
    console.warn(
      `Erased the personal data of account ${result.erased.id} (${email}): it is now "${result.erased.name}", signed out, and a new sign-in with that address makes a new account. Its orders and items are kept without a name.`,
    );
    return 0;
  });
}

runUserCommand(main);
