import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, isLoopbackHost, loadConfig } from './config.ts';

const base = { DATA_DIR: '/tmp/barbershop-config-test', SESSION_SECRET: 's'.repeat(32) };
/** Real sign-in and payments, each key with its partner. */
const real = {
  OIDC_CLIENT_ID: 'c',
  OIDC_CLIENT_SECRET: 'cs',
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
  STRIPE_WEBHOOK_SECRET: 'wh',
};

describe('loadConfig', () => {
  it('works with no settings at all outside production', () => {
    const config = loadConfig({ DATA_DIR: base.DATA_DIR });
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.demo).toBe(true);
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('says what a port must be', () => {
    expect(() => loadConfig({ ...base, PORT: 'abc' })).toThrow('PORT: must be a port number from 0 to 65535');
    expect(() => loadConfig({ ...base, PORT: '70000' })).toThrow(
      'PORT: must be a port number from 0 to 65535',
    );
  });

  it("takes the shop's time zone by its IANA name, UTC when unset", () => {
    expect(loadConfig(base).shopTimeZone).toBe('UTC');
    expect(loadConfig({ ...base, SHOP_TIME_ZONE: 'America/Denver' }).shopTimeZone).toBe('America/Denver');
    expect(() => loadConfig({ ...base, SHOP_TIME_ZONE: 'Mountain Time' })).toThrow(
      'SHOP_TIME_ZONE: must be an IANA time zone name such as America/Denver',
    );
  });

  it('takes MAIL_FROM as one address, with a name or not, and refuses what every mail server would', () => {
    expect(loadConfig(base).mail.from).toEqual({ name: 'Barbershop', address: 'no-reply@localhost' });
    expect(loadConfig({ ...base, MAIL_FROM: 'Gold Standard <orders@gold.example>' }).mail.from).toEqual({
      name: 'Gold Standard',
      address: 'orders@gold.example',
    });
    expect(loadConfig({ ...base, MAIL_FROM: 'orders@gold.example' }).mail.from).toEqual({
      name: '',
      address: 'orders@gold.example',
    });
    for (const bad of ['orders', 'Shop <>', 'a@gold.example, b@gold.example'])
      expect(() => loadConfig({ ...base, MAIL_FROM: bad })).toThrow(
        'MAIL_FROM: must be one email address, with a name or not (Gold Standard <no-reply@your.shop>)',
      );
  });

  it('takes a shutdown delay in milliseconds, none when unset', () => {
    expect(loadConfig(base).shutdownDelayMs).toBe(0);
    expect(loadConfig({ ...base, SHUTDOWN_DELAY_MS: '10000' }).shutdownDelayMs).toBe(10_000);
    for (const bad of ['10s', '-1', '90000'])
      expect(() => loadConfig({ ...base, SHUTDOWN_DELAY_MS: bad })).toThrow(
        'SHUTDOWN_DELAY_MS: must be milliseconds from 0 to 60000',
      );
  });

  it('reads numbers as they are written, in decimal digits, and refuses any other spelling', () => {
    expect(loadConfig({ ...base, PORT: '8080', SALES_TAX_RATE: '0.0825' })).toMatchObject({
      port: 8080,
      salesTaxRate: 0.0825,
    });
    expect(loadConfig({ ...base, SALES_TAX_RATE: '.07' }).salesTaxRate).toBe(0.07);
    expect(() => loadConfig({ ...base, PORT: '0x10' })).toThrow(
      'PORT: must be a port number from 0 to 65535',
    );
    expect(() => loadConfig({ ...base, SIGN_IN_RATE_LIMIT: '1e3' })).toThrow(
      'SIGN_IN_RATE_LIMIT: must be a whole number from 1 to 10000',
    );
    expect(() => loadConfig({ ...base, SHUTDOWN_DELAY_MS: ' 5' })).toThrow(
      'SHUTDOWN_DELAY_MS: must be milliseconds from 0 to 60000',
    );
    expect(() => loadConfig({ ...base, SALES_TAX_RATE: '8.25%' })).toThrow(
      'SALES_TAX_RATE: must be a fraction from 0 to 0.5 (0.0825 for 8.25%)',
    );
    expect(() => loadConfig({ ...base, SALES_TAX_RATE: '0.6' })).toThrow(
      'SALES_TAX_RATE: must be a fraction',
    );
  });

  it("takes PUBLIC_URL as the site's address alone, over https unless on this machine", () => {
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://shop.example/', ...real }).publicUrl).toBe(
      'https://shop.example',
    );
    expect(loadConfig({ ...base, PUBLIC_URL: 'http://localhost:8080' }).publicUrl).toBe(
      'http://localhost:8080',
    );
    // Sign-in cookies over the network in the clear: no Secure flag, no HSTS.
    for (const address of ['http://shop.example', 'http://192.168.1.20:3000'])
      expect(() => loadConfig({ ...base, PUBLIC_URL: address, ...real })).toThrow(
        `PUBLIC_URL: a site reached from other machines must be https:// (sign-in cookies would travel unencrypted; got ${address})`,
      );
    expect(() => loadConfig({ ...base, PUBLIC_URL: 'ftp://shop.example' })).toThrow(
      'PUBLIC_URL: must be an http:// or https:// address',
    );
    for (const address of [
      'https://shop.example/shop',
      'https://shop.example/?a=1',
      'https://u:p@shop.example',
    ]) {
      expect(() => loadConfig({ ...base, PUBLIC_URL: address, ...real })).toThrow(
        "PUBLIC_URL: must be the site's address alone, with no path or query (https://your.shop)",
      );
    }
  });

  it('wants the bucket and both of its keys once any S3 setting is given', () => {
    const bucket = { S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'AK', S3_SECRET_ACCESS_KEY: 'SK' };
    expect(loadConfig({ ...base, ...bucket }).s3).toMatchObject({ bucket: 'media', region: 'us-east-1' });
    expect(() => loadConfig({ ...base, S3_ENDPOINT: 'https://s3.example', S3_REGION: 'auto' })).toThrow(
      'S3_BUCKET: required with S3_ENDPOINT, S3_REGION',
    );
    expect(() => loadConfig({ ...base, S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'AK' })).toThrow(
      'S3_SECRET_ACCESS_KEY: required with S3_BUCKET',
    );
    expect(() => loadConfig({ ...base, ...bucket, S3_ENDPOINT: 's3.example' })).toThrow(
      'S3_ENDPOINT: must be an http:// or https:// address',
    );
  });

  it("points Stripe's and the geocoder's API elsewhere only at a stand-in on this machine: their calls carry secrets", () => {
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    };
    expect(loadConfig({ ...base, ...stripe, STRIPE_API_BASE: 'http://127.0.0.1:4010' }).stripe).toMatchObject(
      {
        apiBase: 'http://127.0.0.1:4010',
      },
    );
    expect(() =>
      loadConfig({ ...base, ...stripe, STRIPE_API_BASE: 'https://stripe.attacker.example' }),
    ).toThrow(
      'STRIPE_API_BASE: only for a stand-in on this machine (tests); leave it empty for Stripe (got https://stripe.attacker.example)',
    );
    expect(loadConfig({ ...base, MAPS_API_BASE: 'http://localhost:4011' })).toBeDefined();
    expect(loadConfig({ ...base, MAPS_API_BASE: 'https://api.mapbox.com' })).toBeDefined();
    expect(() => loadConfig({ ...base, MAPS_TOKEN: 'pk.x', MAPS_API_BASE: 'https://maps.example' })).toThrow(
      'MAPS_API_BASE: only for a stand-in on this machine (tests); leave it empty for Mapbox (got https://maps.example)',
    );
  });

  it('says so when DATA_DIR cannot keep the secret it would generate', () => {
    const parent = mkdtempSync(join(tmpdir(), 'barbershop-config-file-'));
    const dataDir = join(parent, 'data');
    writeFileSync(dataDir, '');
    try {
      expect(() => loadConfig({ DATA_DIR: dataDir })).toThrow(
        `SESSION_SECRET: not set, and DATA_DIR cannot keep a generated one (${join(dataDir, 'session-secret')}: EEXIST)`,
      );
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it('names every bad variable at once', () => {
    expect(() =>
      loadConfig({ ...base, PORT: 'eighty', DATABASE_URL: 'mysql://x', SALES_TAX_RATE: '-1' }),
    ).toThrow(/PORT[\s\S]*DATABASE_URL[\s\S]*SALES_TAX_RATE/);
  });

  it('refuses production without real sign-in, payments and secret', () => {
    expect(() =>
      loadConfig({ DATA_DIR: base.DATA_DIR, NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example' }),
    ).toThrow(/SESSION_SECRET[\s\S]*OIDC_CLIENT_ID[\s\S]*STRIPE_SECRET_KEY/);
  });

  it("refuses production without PUBLIC_URL, which would make http://localhost the site's address, unless a demo", () => {
    expect(() => loadConfig({ ...base, ...real, NODE_ENV: 'production', HOST: '0.0.0.0' })).toThrow(
      new ConfigError(
        'Invalid configuration:\n  PUBLIC_URL: required in production (https://your.shop: links in emails, the sitemap and secure cookies are made from it), unless DEMO_MODE=true for a demo on this machine',
      ),
    );
    expect(loadConfig({ ...base, NODE_ENV: 'production', DEMO_MODE: 'true' }).publicUrl).toBe(
      'http://localhost:3000',
    );
    // Named, a local address is the operator's choice.
    expect(
      loadConfig({ ...base, ...real, NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:8080' }).publicUrl,
    ).toBe('http://localhost:8080');
  });

  it('allows the demo only on a site served from this machine', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'production', DEMO_MODE: 'true' }).demo).toBe(true);
    expect(() =>
      loadConfig({ ...base, NODE_ENV: 'production', DEMO_MODE: 'true', PUBLIC_URL: 'https://shop.example' }),
    ).toThrow(/DEMO_MODE/);
  });

  it('refuses a public PUBLIC_URL without real sign-in, payments and secret, whatever NODE_ENV says', () => {
    for (const NODE_ENV of [undefined, 'development', 'test']) {
      expect(() =>
        loadConfig({
          DATA_DIR: base.DATA_DIR,
          NODE_ENV,
          DEMO_MODE: 'false',
          PUBLIC_URL: 'https://shop.example.com',
        }),
      ).toThrow(/SESSION_SECRET: required[\s\S]*OIDC_CLIENT_ID: required[\s\S]*STRIPE_SECRET_KEY: required/);
    }
  });

  it('means by demo exactly: a loopback PUBLIC_URL, and not production unless DEMO_MODE', () => {
    expect(loadConfig({ ...base }).demo).toBe(true);
    expect(
      loadConfig({ ...base, NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000', ...real }).demo,
    ).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'production', DEMO_MODE: 'true' }).demo).toBe(true);
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://shop.example.com', ...real }).demo).toBe(false);
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://127.0.0.1.nip.io', ...real }).demo).toBe(false);
    expect(() => loadConfig({ ...base, PUBLIC_URL: 'https://127.0.0.1.nip.io' })).toThrow(/OIDC_CLIENT_ID/);
  });

  it("serves pages through Vite's development server only for development on this machine", () => {
    expect(loadConfig({ ...base }).devPages).toBe(true);
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://shop.example.com', ...real }).devPages).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'production', DEMO_MODE: 'true' }).devPages).toBe(false);
  });

  it('counts as loopback only localhost and the 127.0.0.0/8 and ::1 literals', () => {
    for (const host of ['localhost', '127.0.0.1', '127.1.2.3', '[::1]', '::1'])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of [
      '127.0.0.1.nip.io',
      '127.evil.example',
      'localhost.example',
      '0.0.0.0',
      '::',
      '10.0.0.1',
    ])
      expect(isLoopbackHost(host), host).toBe(false);
  });

  it('refuses demo mode listening beyond this machine, and names HOST', () => {
    expect(() => loadConfig({ ...base, HOST: '0.0.0.0' })).toThrow(/HOST: demo mode/);
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', DEMO_MODE: 'true', HOST: '::' })).toThrow(
      /HOST: demo mode/,
    );
    expect(loadConfig({ ...base, HOST: 'localhost' }).host).toBe('localhost');
  });

  it('wants a session secret of 32 characters that are not spaces', () => {
    expect(() => loadConfig({ ...base, SESSION_SECRET: `${' '.repeat(20)}${'s'.repeat(31)}` })).toThrow(
      /SESSION_SECRET: must be at least 32 characters/,
    );
    expect(loadConfig({ ...base, SESSION_SECRET: 's'.repeat(32) }).sessionSecret).toBe('s'.repeat(32));
  });

  it('reads TRUST_PROXY as off, a hop count or addresses', () => {
    expect(loadConfig({ ...base }).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, 192.0.2.1,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.0.2.1',
      '::1',
    ]);
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'yes please' })).toThrow(
      /TRUST_PROXY: must be a hop count/,
    );
  });

  it('wants the partner of each provider key: a card form and a sign-in that would fail for everyone', () => {
    expect(() =>
      loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'wh' }),
    ).toThrow(/STRIPE_PUBLISHABLE_KEY: required with STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ ...base, OIDC_CLIENT_ID: 'c' })).toThrow(
      /OIDC_CLIENT_SECRET: required with OIDC_CLIENT_ID/,
    );
  });

  it('refuses a secret key where a public one goes: both are written into every page', () => {
    expect(() =>
      loadConfig({ ...base, ...real, STRIPE_SECRET_KEY: 'pk_live_x', STRIPE_PUBLISHABLE_KEY: 'sk_live_x' }),
    ).toThrow(
      /STRIPE_SECRET_KEY: must be a secret or restricted key \(sk_… or rk_…\)\n {2}STRIPE_PUBLISHABLE_KEY: must be the publishable key \(pk_…\)/,
    );
    expect(loadConfig({ ...base, ...real, STRIPE_SECRET_KEY: 'rk_live_x' }).stripe?.secretKey).toBe(
      'rk_live_x',
    );
    expect(() => loadConfig({ ...base, MAPS_TOKEN: 'sk.secret' })).toThrow(
      /MAPS_TOKEN: must be a public Mapbox token \(pk\.…\), not a secret one/,
    );
    expect(loadConfig({ ...base, MAPS_TOKEN: 'pk.public' }).maps.token).toBe('pk.public');
  });

  it('talks to the identity provider over https unless it runs on this machine', () => {
    const provider = {
      ...base,
      OIDC_CLIENT_ID: 'c',
      OIDC_CLIENT_SECRET: 'cs',
      OIDC_PROVIDER_NAME: 'Example ID',
    };
    expect(() => loadConfig({ ...provider, OIDC_ISSUER: 'http://id.internal.example' })).toThrow(
      'OIDC_ISSUER: must be https:// unless the provider runs on this machine (got http://id.internal.example)',
    );
    expect(loadConfig({ ...provider, OIDC_ISSUER: 'http://127.0.0.1:9000' }).oidc?.issuer).toBe(
      'http://127.0.0.1:9000',
    );
  });

  it('names the sign-in provider: Google for its issuer, OIDC_PROVIDER_NAME for any other', () => {
    expect(loadConfig({ ...base }).signInProvider).toBe('Google');
    const other = {
      ...base,
      OIDC_ISSUER: 'https://id.example',
      OIDC_CLIENT_ID: 'c',
      OIDC_CLIENT_SECRET: 'cs',
    };
    expect(() => loadConfig(other)).toThrow(/OIDC_PROVIDER_NAME: required/);
    expect(loadConfig({ ...other, OIDC_PROVIDER_NAME: 'Example ID' }).signInProvider).toBe('Example ID');
  });
});

describe('the npm scripts that start the server', () => {
  const scripts = JSON.parse(
    readFileSync(join(import.meta.dirname, '../../../package.json'), 'utf8'),
  ).scripts;
  /** The environment a script's own assignments give the server, from an environment without them. */
  const environmentOf = (script: string, env: Record<string, string>) => {
    const assignments = script.slice(0, script.indexOf(' node '));
    const printed = execFileSync('sh', ['-c', `${assignments} env`], {
      env: { PATH: process.env.PATH ?? '', ...env },
      encoding: 'utf8',
    });
    return Object.fromEntries(
      printed
        .trim()
        .split('\n')
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
  };
  const production = { PUBLIC_URL: 'https://your.shop', ...base, ...real };

  it('start:prod starts a deployment configured as docs/operations.md says (DEMO_MODE unset) in production', () => {
    const env = environmentOf(scripts['start:prod'], production);
    expect(env.DEMO_MODE).toBeUndefined();
    const config = loadConfig(env);
    expect(config).toMatchObject({ production: true, demo: false });
  });

  it("npm start is the demo: DEMO_MODE on and the sample shop's time zone, unless the visitor set them", () => {
    const start: string = scripts.start;
    const demo = start
      .slice(start.lastIndexOf('&& ') + 3)
      .replace('exec npm run start:prod', scripts['start:prod']);
    const env = environmentOf(demo, { DATA_DIR: base.DATA_DIR });
    expect(env.DEMO_MODE).toBe('true');
    expect(loadConfig(env)).toMatchObject({ production: true, demo: true, shopTimeZone: 'America/Denver' });
    const chosen = environmentOf(demo, { DATA_DIR: base.DATA_DIR, SHOP_TIME_ZONE: 'America/New_York' });
    expect(loadConfig(chosen).shopTimeZone).toBe('America/New_York');
  });
});
