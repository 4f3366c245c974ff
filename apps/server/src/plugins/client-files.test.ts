import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { fakeWebRoot, registerFakePages } from '../test/fake-web.ts';

const SITE = 'http://localhost:3000';

// Every page is "not found" here: what matters is which addresses reach the page route.
const FAKE_BUILD = `
export const entry = { module: {
  createLoadContext: (values) => values,
  createRequestHandler: () => async (request) =>
    new Response('page for ' + new URL(request.url).pathname, { status: 404, headers: { 'content-type': 'text/html' } }),
} };
`;

const SCRIPT = `export const greeting = '${'hello '.repeat(300)}';`;

describe('the web build’s browser files (client-files.ts)', () => {
  let app: TestApp;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = fakeWebRoot(FAKE_BUILD);
    const client = join(webRoot, 'build/client');
    mkdirSync(join(client, 'assets/fonts'), { recursive: true });
    writeFileSync(join(client, 'favicon.svg'), '<svg/>');
    writeFileSync(join(client, '.env'), 'SECRET=1');
    writeFileSync(join(client, 'assets/entry-Ab_1-x.js'), SCRIPT);
    writeFileSync(join(client, 'assets/entry-Ab_1-x.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(join(client, 'assets/entry-Ab_1-x.js.gz'), gzipSync(SCRIPT));
    writeFileSync(join(client, 'assets/.hidden.js'), 'hidden');
    writeFileSync(join(client, 'assets/odd name+1.css'), 'b{}');
    writeFileSync(join(client, 'assets/fonts/serif-9f.woff2'), 'font');
    app = await buildTestApp({ PUBLIC_URL: SITE }, (server) => registerFakePages(server, webRoot, SITE));
  });
  afterAll(async () => {
    await app.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('serves hashed files for good and the others for an hour', async () => {
    const script = await app.inject('/assets/entry-Ab_1-x.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.body).toBe(SCRIPT);
    const font = await app.inject('/assets/fonts/serif-9f.woff2');
    expect(font.statusCode).toBe(200);
    expect(font.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await app.inject('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    const odd = await app.inject('/assets/odd%20name+1.css');
    expect([odd.statusCode, odd.body]).toEqual([200, 'b{}']);
  });

  it('sends the precompressed copy the client accepts', async () => {
    const br = await app.inject({ url: '/assets/entry-Ab_1-x.js', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload).toEqual(brotliCompressSync(SCRIPT));
    const gzip = await app.inject({ url: '/assets/entry-Ab_1-x.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);
    const head = await app.inject({ method: 'HEAD', url: '/assets/entry-Ab_1-x.js' });
    expect([head.statusCode, head.headers['content-length'], head.body]).toEqual([
      200,
      String(SCRIPT.length),
      '',
    ]);
  });

  it('leaves every other address to the page route, as a route per file did', async () => {
    for (const url of [
      '/assets/missing.js',
      '/assets/entry-Ab_1-x.jsx',
      '/assets/entry-Ab_1-x.js/',
      '/assets//entry-Ab_1-x.js',
      '/assets/',
      '/assets/.hidden.js',
      '/.env',
      '/assets/fonts/missing.woff2',
    ]) {
      const response = await app.inject(url);
      expect([response.statusCode, response.body], url).toEqual([404, `page for ${url}`]);
      // The page route's own hooks: its cache policy, not a file's.
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers.vary, url).toMatch(/Cookie/);
    }
  });
});
