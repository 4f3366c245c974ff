import { openDatabase } from '@barbershop/db';
import { ConfigError, loadConfig } from '../config.ts';
import { setRoleByEmail } from '../modules/users/users.service.ts';

const ROLES = ['customer', 'staff', 'admin'] as const;
const USAGE = 'Usage: npm run user:role -- <email> <0|1|2>   (0 customer, 1 staff, 2 admin)';

/** npm run user:role: appoints staff and admins from the command line, e.g. on a fresh deployment. */
async function main(args: string[]): Promise<number> {
  const [email, level] = args;
  const accessLevel = ['0', '1', '2'].indexOf(level ?? '');
  if (args.length !== 2 || !email?.includes('@') || accessLevel === -1) throw new ConfigError(USAGE);
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
    console.warn(`${email} is now ${ROLES[accessLevel]}${accounts}.`);
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
