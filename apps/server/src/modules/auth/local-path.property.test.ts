import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localPath } from './local-path.ts';

const SITE = 'https://shop.example';
// Characters browsers treat specially in URLs, mixed into otherwise random strings.
const tricky = fc.constantFrom(
  '/',
  '\\',
  '.',
  ':',
  '@',
  '%',
  '?',
  '#',
  '\t',
  '\n',
  '\r',
  ' ',
  '\u0000',
  '\u007f',
);
const input = fc.oneof(
  fc.string(),
  fc.string({ unit: fc.oneof(tricky, fc.constantFrom('a', 'evil.example', 'https', '2f', '5c', '..')) }),
  fc.webUrl(),
  fc.webPath(),
);

describe('sign-in return path, property-based', () => {
  it('whatever is asked for, the browser ends up on this site', () => {
    fc.assert(
      fc.property(input, (value) => {
        const path = localPath(value);
        expect(path.startsWith('/')).toBe(true);
        expect(new URL(path, SITE).origin).toBe(SITE);
        // What the redirect sends is read again the same way: stable, so a second hop cannot escape.
        expect(localPath(path)).toBe(path);
      }),
      { numRuns: 2000 },
    );
  });

  it('a plain local path comes back unchanged', () => {
    const segment = fc.stringMatching(/^[a-z0-9-]{1,12}$/);
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 5 }), fc.option(segment), (segments, query) => {
        const path = `/${segments.join('/')}${query ? `?q=${query}` : ''}`;
        expect(localPath(path)).toBe(path);
      }),
    );
  });
});
