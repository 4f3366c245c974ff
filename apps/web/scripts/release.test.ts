import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { carryOverAssets, KEEP_MS, putInPlace } from './release.ts';

const NOW = Date.parse('2026-11-29T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'release-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A build folder `name` with these files (paths in it), each last built `age` ms before NOW. */
function build(name: string, files: Record<string, number>) {
  const root = join(dir, name);
  for (const [file, age] of Object.entries({ 'server/index.js': 0, ...files })) {
    const path = join(root, file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, `${name}:${file}`);
    utimesSync(path, new Date(NOW - age), new Date(NOW - age));
  }
  return root;
}
const list = (root: string, folder = 'client/assets') => readdirSync(join(root, folder)).sort();

describe('a new build put in place of the live one', () => {
  it("keeps the live build's assets the new one lacks, with their compressed copies", () => {
    const live = build('build', {
      'client/assets/home-OLD.js': 0,
      'client/assets/home-OLD.js.br': 0,
      'client/assets/home-OLD.js.gz': 0,
      'client/assets/entry-SAME.js': 0,
      'server/assets/stripe-payment-OLD.js': 0,
    });
    const next = build('build.next', {
      'client/assets/home-NEW.js': 0,
      'client/assets/home-NEW.js.br': 0,
      'client/assets/entry-SAME.js': 0,
      'server/assets/stripe-payment-NEW.js': 0,
    });

    expect(carryOverAssets(live, next, NOW).sort()).toEqual([
      'client/assets/home-OLD.js',
      'client/assets/home-OLD.js.br',
      'client/assets/home-OLD.js.gz',
      'server/assets/stripe-payment-OLD.js',
    ]);
    putInPlace(next, live);

    expect(list(live)).toEqual([
      'entry-SAME.js',
      'home-NEW.js',
      'home-NEW.js.br',
      'home-OLD.js',
      'home-OLD.js.br',
      'home-OLD.js.gz',
    ]);
    // A running server imports its chunks when first needed.
    expect(list(live, 'server/assets')).toEqual(['stripe-payment-NEW.js', 'stripe-payment-OLD.js']);
    // A file both builds made is the new build's, and so is the server's entry.
    expect(readFileSync(join(live, 'client/assets/entry-SAME.js'), 'utf8')).toBe(
      'build.next:client/assets/entry-SAME.js',
    );
    expect(readFileSync(join(live, 'server/index.js'), 'utf8')).toBe('build.next:server/index.js');
    expect(readdirSync(dir)).toEqual(['build']);
  });

  it('drops the files of builds older than a week, their compressed copies going with them', () => {
    const live = build('build', {
      'client/assets/cart-WEEK.js': KEEP_MS,
      'client/assets/cart-OLDER.js': KEEP_MS + 1,
      // Written a moment after the file it compresses: it goes as that file goes.
      'client/assets/cart-OLDER.js.br': KEEP_MS,
      'client/assets/account-DAYS.css': 3 * DAY,
    });
    const next = build('build.next', { 'client/assets/cart-NEW.js': 0 });

    carryOverAssets(live, next, NOW);
    putInPlace(next, live);

    expect(list(live)).toEqual(['account-DAYS.css', 'cart-NEW.js', 'cart-WEEK.js']);
  });

  it('carries nothing over on a first build, and the next build keeps its files', () => {
    const live = join(dir, 'build');
    const first = build('build.next', { 'client/assets/home-A.js': 0 });
    expect(carryOverAssets(live, first, NOW)).toEqual([]);
    putInPlace(first, live);

    const second = build('build.next', { 'client/assets/home-B.js': 0 });
    carryOverAssets(live, second, NOW + DAY);
    putInPlace(second, live);

    expect(list(live)).toEqual(['home-A.js', 'home-B.js']);
  });
});
