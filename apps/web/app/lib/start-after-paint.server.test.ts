import { describe, expect, it } from 'vitest';
import { startAfterPaint } from './start-after-paint.server.ts';

// A page as React writes React Router's <Scripts>: module preloads hoisted into the head, the
// handoff script, then the inline module that imports the routes and the client entry.
const page = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>',
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="N0"/>',
  '<link rel="modulepreload" href="/assets/vendor-B.js" nonce="N0"/>',
  '<link rel="icon" href="/favicon.svg"/></head><body><main><h1>Terms</h1><p>Ünïcödé ✂ text</p></main>',
  '<script nonce="N0">window.__reactRouterContext = {};</script>',
  '<script nonce="N0" type="module" async="">import * as route0 from "/assets/root-C.js";\n',
  'import("/assets/entry.client-A.js");</script>',
  '<script nonce="N0">window.__reactRouterContext.streamController.enqueue("[]");</script></body></html>',
].join('');

/** Streams `html` through the rewrite in pieces of `size` bytes, as React's writes arrive. */
async function rewrite(html: string, size: number): Promise<string> {
  const stream = startAfterPaint();
  const bytes = Buffer.from(html);
  const out: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve) => stream.on('end', resolve));
  for (let at = 0; at < bytes.length; at += size) stream.write(bytes.subarray(at, at + size));
  stream.end();
  await done;
  return Buffer.concat(out).toString('utf8');
}

describe('startAfterPaint', () => {
  const expected = page
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
    .replace(
      '<script nonce="N0" type="module" async="">',
      '<script nonce="N0" type="text/x-app-modules" id="app-modules" data-preloads="/assets/entry.client-A.js /assets/vendor-B.js">',
    );

  it('takes the module preloads out of the head and writes the module script inert, carrying them', async () => {
    const html = await rewrite(page, page.length);
    expect(html).toBe(expected);
    expect(html).not.toContain('modulepreload');
    expect(html).not.toContain('type="module"');
  });

  it('gives the same page however the bytes are split, multi-byte characters and tags included', async () => {
    for (const size of [1, 2, 3, 7, 64, 333]) expect(await rewrite(page, size)).toBe(expected);
  });

  it('leaves a page without scripts as it is', async () => {
    const plain = '<!DOCTYPE html><html><head></head><body><p>a < b, and 3 > 2</p></body></html>';
    expect(await rewrite(plain, 5)).toBe(plain);
  });
});
