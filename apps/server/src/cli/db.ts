import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { DataDirectoryError, lockDirectory, openDatabase } from '@barbershop/db';
import { existingData, seed } from '@barbershop/db/seed';
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config.ts';
import { storeImage } from '../modules/media/images.ts';
import { mediaStorageFor } from '../modules/media/media.storage.ts';
import { placeOrder } from '../modules/orders/order-lifecycle.ts';

const USAGE = 'Usage: db <migrate | seed [--if-empty] | reset [DATABASE NAME, with DATABASE_URL]>';

/** Database tasks for the README's scripts: npm run db:migrate, db:seed, db:reset. */
async function main(args: string[]) {
  const [command, ...flags] = args;
  if (!command || !['migrate', 'seed', 'reset'].includes(command)) throw new ConfigError(USAGE);
  const config = loadConfig();
  // A real shop's configuration: production, or a public PUBLIC_URL. Not NODE_ENV alone: npm run
  // start:prod sets that itself, so the operator's shell on a live deployment often lacks it.
  const realShop = !config.demo;
  if (command === 'reset' && realShop) {
    throw new ConfigError(
      `Refusing to reset the database of a real shop (${config.publicUrl}${config.production ? ', NODE_ENV=production' : ''}).`,
    );
  }
  if (command === 'seed' && realShop) {
    throw new ConfigError(
      `Refusing to load the sample shop (its demo accounts include an admin) into a real shop's database (${config.publicUrl}${config.production ? ', NODE_ENV=production' : ''}).`,
    );
  }
  // A shell with a DATABASE_URL may hold anyone's database, NODE_ENV or not: it is dropped only when
  // named on the command line as well.
  if (command === 'reset' && config.databaseUrl) {
    const name = decodeURIComponent(new URL(config.databaseUrl).pathname.slice(1));
    if (flags[0] !== name) {
      throw new ConfigError(
        `db:reset drops every table of the database "${name}" at DATABASE_URL: run npm run db:reset -- ${name} to confirm.`,
      );
    }
  }
  if (command === 'reset' && !config.databaseUrl) {
    // Under the directory's lock: a server running on it holds the lock and stops the reset here.
    const release = lockDirectory(config.dataDir);
    try {
      await rm(join(config.dataDir, 'db'), { recursive: true, force: true });
      await rm(join(config.dataDir, 'media'), { recursive: true, force: true });
    } finally {
      release();
    }
  }
  const handle = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    if (command === 'reset' && config.databaseUrl) {
      await handle.db.execute(sql`drop schema if exists public cascade`);
      await handle.db.execute(sql`drop schema if exists drizzle cascade`);
      await handle.db.execute(sql`create schema public`);
    }
    await handle.migrate();
    console.warn('Database migrated.');
    if (command !== 'seed') return;
    // Sample data goes only into an empty shop, --if-empty or not: say what is there rather than "seeded".
    const found = await existingData(handle.db);
    if (found.length) {
      console.warn(
        `Not loading the sample shop: the database already holds ${new Intl.ListFormat('en').format(found)}.`,
      );
      return;
    }
    const media = mediaStorageFor(config);
    const started = Date.now();
    await seed(handle.db, { storeImage: (png) => storeImage(media, png), placeOrder });
    console.warn(`Sample data seeded in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error instanceof ConfigError || error instanceof DataDirectoryError ? error.message : error);
  process.exit(1);
});
