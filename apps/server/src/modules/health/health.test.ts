import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openTestDatabase } from '@barbershop/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { buildTestApp, buildTestAppWithLog, type TestApp } from '../../test/app.ts';

describe('health', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('is alive and ready with a migrated database', async () => {
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown API paths with the JSON error shape', async () => {
    const response = await app.inject('/api/no-such-thing');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: 'No such API route.' } });
  });

  it('sends security headers, and no content policy with JSON', async () => {
    const response = await app.inject('/healthz');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['content-security-policy']).toBeUndefined();
  });

  it('publishes the OpenAPI document', async () => {
    const response = await app.inject('/api/docs/openapi.json');
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toEqual(expect.arrayContaining(['/api/shop', '/api/barbers']));
  });

  it('shows the API reference page, its script and the document in YAML', async () => {
    const bare = await app.inject('/api/docs');
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/api/docs/');
    const page = await app.inject('/api/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('./openapi.json');
    const script = await app.inject('/api/docs/js/scalar.js');
    expect(script.headers['content-type']).toMatch(/^application\/javascript/);
    expect(script.body.length).toBeGreaterThan(1_000_000);
    const yaml = await app.inject('/api/docs/openapi.yaml');
    expect(yaml.body).toContain('title: Barbershop API');
  });
});

describe('readiness without a database server', () => {
  it('starts, answers 503 on /readyz and on API calls, and stays up', async () => {
    // Port 9 (discard) has no PostgreSQL: the connection is refused at once.
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '/tmp/barbershop-unready',
      SESSION_SECRET: 'x'.repeat(32),
      DATABASE_URL: 'postgres://nobody@127.0.0.1:9/none',
    });
    const app = await buildApp(config, { web: false, logger: false });
    try {
      const ready = await app.inject('/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable' });
      expect((await app.inject('/healthz')).statusCode).toBe(200);
      const api = await app.inject('/api/barbers');
      expect(api.statusCode).toBe(503);
      expect(api.json().error.code).toBe('unavailable');
    } finally {
      await app.close();
    }
  });

  it('says why it is not ready in one warning line, and nothing once a shutdown has begun', async () => {
    const { app, log } = await buildTestAppWithLog();
    try {
      vi.spyOn(app.database, 'ping').mockRejectedValueOnce(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
      expect((await app.inject('/readyz')).statusCode).toBe(503);
      const warnings = log.filter((line) => line.msg === 'not ready');
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({ level: 40, reason: 'connect ECONNREFUSED 127.0.0.1:5432' });
      expect(JSON.stringify(warnings[0])).not.toContain('    at ');

      app.lifecycle.draining = true;
      for (let i = 0; i < 3; i++) expect((await app.inject('/readyz')).statusCode).toBe(503);
      expect(log.filter((line) => line.msg === 'not ready')).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});

// A rollback by starting the previous release on a database the newer one migrated (docs/operations.md,
// "Upgrading"): nothing fails, so without a word nobody would know what it leaves undone.
describe('a database a newer release migrated', () => {
  it('starts and serves, and says at start, as an error, what that means and what to do', async () => {
    const handle = await openTestDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'barbershop-newer-'));
    await handle.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('later', 99999999999999)`,
    );
    const log: { level: number; msg: string }[] = [];
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SESSION_SECRET: 'x'.repeat(32),
      LOG_LEVEL: 'info',
    });
    const app = await buildApp(config, {
      database: handle,
      web: false,
      logStream: { write: (line: string) => log.push(JSON.parse(line)) },
    });
    try {
      await app.ready();
      expect(log.filter((line) => line.level >= 40).map((line) => [line.level, line.msg])).toEqual([
        [
          50,
          'This database was migrated by a newer release than this one, which serves it but keeps nothing that release added up to date: start the newer release again, or restore the backup taken before upgrading (docs/operations.md, "Upgrading").',
        ],
      ]);
      expect((await app.inject('/readyz')).statusCode).toBe(200);
    } finally {
      await app.close();
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
