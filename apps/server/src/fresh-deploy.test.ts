import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

// docs/operations.md "Deploying": an empty PostgreSQL, `npm run db:migrate`, then a start with
// production settings. The providers' values are dummies: nothing here may call Stripe or Google.
const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(process.env.TEST_DB === 'postgres' && serverUrl)('a fresh production deploy', () => {
  const name = `fresh_${randomBytes(6).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'barbershop-fresh-'));
  let env: Record<string, string>;

  async function admin(sql: string) {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  }

  beforeAll(async () => {
    await admin(`create database ${name}`);
    const url = new URL(serverUrl ?? '');
    url.pathname = `/${name}`;
    env = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://shop.example',
      DATA_DIR: dataDir,
      DATABASE_URL: url.toString(),
      SESSION_SECRET: randomBytes(32).toString('hex'),
      OIDC_CLIENT_ID: 'dummy-client-id',
      OIDC_CLIENT_SECRET: 'dummy-client-secret',
      STRIPE_SECRET_KEY: 'sk_test_dummy',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_dummy',
      STRIPE_WEBHOOK_SECRET: 'whsec_dummy',
      ADMIN_EMAILS: 'owner@shop.example',
    };
  });
  afterAll(async () => {
    await admin(`drop database if exists ${name} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('migrates with npm run db:migrate, then serves the shop with default settings', async () => {
    // What `npm run db:migrate` runs, with the production environment.
    const migrate = spawn(process.execPath, [join(import.meta.dirname, 'cli/db.ts'), 'migrate'], {
      env: { ...process.env, ...env, TEST_DB: '' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    migrate.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    const code = await new Promise((resolve) => migrate.once('exit', resolve));
    expect(stderr).toContain('Database migrated.');
    expect(code).toBe(0);

    const config = loadConfig(env);
    expect(config.production).toBe(true);
    expect(config.demo).toBe(false);
    const app = await buildApp(config, { web: false, logger: false });
    try {
      expect((await app.inject('/readyz')).statusCode).toBe(200);
      // What the root loader and the home page read on every public page.
      const shop = await app.inject('/api/shop');
      expect(shop.statusCode).toBe(200);
      expect(shop.json()).toMatchObject({ name: 'Barbershop', policies: [], socialLinks: [] });
      const barbers = await app.inject('/api/barbers');
      expect(barbers.statusCode).toBe(200);
      expect(barbers.json()).toEqual([]);
      const me = await app.inject('/api/users/me');
      expect(me.statusCode).toBe(200);
      expect(me.json()).toBeNull();
      expect((await app.inject('/sitemap.xml')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  }, 60_000);
});
