import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, schema } from '@barbershop/db';
import { createUser } from '@barbershop/db/factories';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../test/cli.ts';

/** Runs the db command line as its npm scripts do, on `dataDir`, with a test's settings and `env`'s. */
const cli = (dataDir: string, env: Record<string, string>, ...args: string[]) =>
  runCli('db.ts', dataDir, env, args);

describe('npm run db:reset', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'barbershop-reset-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const reset = (env: Record<string, string>, ...args: string[]) => cli(dataDir, env, 'reset', ...args);

  it('drops a DATABASE_URL database only when it is named on the command line too', () => {
    const result = reset({ DATABASE_URL: 'postgres://shop@127.0.0.1:1/shop_live' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'db:reset drops every table of the database "shop_live" at DATABASE_URL: run npm run db:reset -- shop_live to confirm.',
    );
  });

  it('leaves the embedded database of a running server alone', async () => {
    const running = await openDatabase({ dataDir });
    try {
      await running.migrate();
      const result = reset({});
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/lock|in use|running/i);
      expect(existsSync(join(dataDir, 'db'))).toBe(true);
    } finally {
      await running.close();
    }
  });
});

describe('npm run db:migrate on a DATA_DIR it cannot use', () => {
  const parent = mkdtempSync(join(tmpdir(), 'barbershop-bad-dir-'));
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it('says which directory and why in one line, with no stack trace', () => {
    const dataDir = join(parent, 'data');
    writeFileSync(dataDir, '');
    const result = cli(dataDir, {}, 'migrate');
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      `The data directory ${dataDir} cannot be used: a file stands where the directory should be (EEXIST). Free space or make it writable by this user, or set DATA_DIR to one that is.`,
    );
  });
});

/** A live shop's settings: a public address, real sign-in and card payments. */
const LIVE_SHOP = {
  PUBLIC_URL: 'https://shop.example',
  OIDC_CLIENT_ID: 'client',
  OIDC_CLIENT_SECRET: 'secret',
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
};

describe('npm run db:reset and db:seed, each doing what the README says', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'barbershop-cli-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const run = (command: string, env: Record<string, string> = {}) => cli(dataDir, env, command);

  it('reset drops everything and migrates again, without loading the sample shop', () => {
    const result = run('reset');
    expect(result.status).toBe(0);
    expect(result.stderr).toContain('Database migrated.');
    expect(result.stderr).not.toContain('seeded');
  });

  it('seed says what it found, and adds nothing, on a shop whose owner has signed in but not saved its settings', async () => {
    const shop = await openDatabase({ dataDir });
    try {
      await createUser(shop.db, { email: 'owner@shop.example', accessLevel: 2 });
    } finally {
      await shop.close();
    }
    const result = run('seed');
    expect(result.status).toBe(0);
    expect(result.stderr).toContain('Not loading the sample shop: the database already holds 1 user.');
    const after = await openDatabase({ dataDir });
    try {
      expect(await after.db.$count(schema.users)).toBe(1);
      expect(await after.db.$count(schema.products)).toBe(0);
    } finally {
      await after.close();
    }
  });

  it('seed refuses a production configuration: the demo accounts include an admin', () => {
    const result = run('seed', { NODE_ENV: 'production', ...LIVE_SHOP });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      "Refusing to load the sample shop (its demo accounts include an admin) into a real shop's database (https://shop.example, NODE_ENV=production).",
    );
    expect(result.stderr).not.toContain('migrated');
  });

  // npm run start:prod sets NODE_ENV itself: the operator's shell on a live deployment may not.
  it.each(['reset', 'seed'])(
    '%s refuses a public site whatever NODE_ENV says, and leaves its data',
    (command) => {
      const result = run(command, LIVE_SHOP);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('(https://shop.example).');
      expect(result.stderr).toMatch(/^Refusing to (reset|load the sample shop)/);
      expect(existsSync(join(dataDir, 'db'))).toBe(true);
    },
  );
});
