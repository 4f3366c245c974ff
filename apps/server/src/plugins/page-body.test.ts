import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createPageBody, type SpareBudget } from './page-body.ts';

const nonce = () => randomBytes(16).toString('base64');
const PLACEHOLDER = nonce();
const html = (n: string) =>
  `<!doctype html><html><head><script nonce="${n}">a()</script></head><body>${'<p>Fades and beards.</p>'.repeat(200)}` +
  `<script nonce="${n}">b()</script></body></html>`;

describe('a kept page body (page-body.ts)', () => {
  it('answers plain and gzip bodies with each answer its own nonce, the gzip one opening to the plain one', () => {
    const body = createPageBody(html(PLACEHOLDER), PLACEHOLDER, { held: 0, max: 1 << 20 });
    for (const n of [nonce(), nonce()]) {
      expect(body.answer(n, false).body.toString()).toBe(html(n));
      expect(gunzipSync(body.answer(n, true).body).toString()).toBe(html(n));
    }
    expect(body.bytes).toBeGreaterThan(html(PLACEHOLDER).length);
  });

  it('reuses a copy once it is sent, within the spare budget, and keeps none once the page is dropped', () => {
    const budget: SpareBudget = { held: 0, max: 1 << 20 };
    const body = createPageBody(html(PLACEHOLDER), PLACEHOLDER, budget);
    const first = body.answer(nonce(), false);
    const inFlight = body.answer(nonce(), false);
    expect(inFlight.body).not.toBe(first.body);
    first.sent();
    expect(budget.held).toBe(first.body.length);
    const n = nonce();
    const again = body.answer(n, false);
    expect(again.body).toBe(first.body);
    expect(again.body.toString()).toBe(html(n));
    expect(budget.held).toBe(0);

    const gzip = body.answer(nonce(), true);
    gzip.sent();
    again.sent();
    expect(budget.held).toBe(gzip.body.length + again.body.length);
    body.drop();
    expect(budget.held).toBe(0);
    inFlight.sent();
    expect(budget.held).toBe(0);
  });

  it('keeps no copy beyond the budget, and refuses a nonce of another length', () => {
    const budget: SpareBudget = { held: 0, max: 100 };
    const body = createPageBody(html(PLACEHOLDER), PLACEHOLDER, budget);
    body.answer(nonce(), false).sent();
    expect(budget.held).toBe(0);
    expect(() => body.answer('short', false)).toThrow();
  });
});
