import { ACCESS, roleName } from '@barbershop/contract/domain';
import { openDatabase } from '@barbershop/db';
import { ConfigError, loadConfig } from '../config.ts';
import { setRoleByEmail } from '../modules/users/users.service.ts';

const LEVELS = Object.values(ACCESS);
const USAGE = `Usage: npm run user:role -- <email> <${LEVELS.join('|')}>   (${LEVELS.map((level) => `${level} ${roleName(level)}`).join(', ')})`;

/** npm run user:role: appoints staff and admins from the command line, e.g. on a fresh deployment. */
async function main(args: string[]): Promise<number> {
  const [email, level] = args;
  const accessLevel = LEVELS.find((value) => String(value) === level);
  if (args.length !== 2 || !email?.includes('@') || accessLevel === undefined) throw new ConfigError(USAGE);
  const config = loadConfig();
  const handle = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await handle.migrate();
    const users = await setRoleByEmail(handle.db, email, accessLevel);
    if (users.length === 0) {
      console.error(`No account with the email ${email} yet: sign in with it once, then run this again.`);
      return 1;
    }
    const accounts = users.length === 1 ? '' : ` (${users.length} accounts)`;
    console.warn(`${email} is now ${roleName(accessLevel)}${accounts}.`);
    return 0;
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(
      error instanceof ConfigError ? error.message : error instanceof Error ? error.message : error,
    );
    process.exit(1);
  },
);
