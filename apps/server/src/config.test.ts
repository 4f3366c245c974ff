import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const base = { DATA_DIR: '/tmp/barbershop-config-test', SESSION_SECRET: 's'.repeat(32) };

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

  it('allows the demo only on a site served from this machine', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'production', DEMO_MODE: 'true' }).demo).toBe(true);
    expect(() =>
      loadConfig({ ...base, NODE_ENV: 'production', DEMO_MODE: 'true', PUBLIC_URL: 'https://shop.example' }),
    ).toThrow(/DEMO_MODE/);
  });
});
