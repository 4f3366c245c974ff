import { describe, expect, it } from 'vitest';
import { localPath } from './local-path.ts';

describe('localPath', () => {
  it.each(['/', '/account', '/account/orders?page=2', '/store/logo-hoodie#sizes', '/a:b'])(
    'keeps the local path %s',
    (path) => {
      expect(localPath(path)).toBe(path);
    },
  );

  it.each([
    ['//evil.example', 'protocol-relative'],
    ['https://evil.example', 'absolute'],
    ['/\\evil.example', 'backslash'],
    ['\\\\evil.example', 'two backslashes'],
    ['/\t/evil.example', 'tab between slashes'],
    ['/\n/evil.example', 'newline between slashes'],
    ['/a/..//evil.example', 'dot segments'],
    ['javascript:alert(1)', 'script scheme'],
    ['account', 'relative'],
    ['', 'empty'],
    [undefined, 'missing'],
    [['/a', '/b'], 'repeated'],
  ])('sends %j (%s) to /', (value: unknown, _reason: string) => {
    expect(localPath(value)).toBe('/');
  });
});
