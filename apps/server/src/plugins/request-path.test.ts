import { describe, expect, it } from 'vitest';
import { normalPath } from './request-path.ts';

describe('normalPath', () => {
  it.each([
    ['/api/users/me', '/api/users/me'],
    ['/%61pi/users/me?x=1', '/api/users/me'],
    ['/api/users/%6de', '/api/users/me'],
    ['/x/../api/./users/me', '/api/users/me'],
    ['/api%2Fusers%2Fme', '/api%2Fusers%2Fme'],
    ['/%zz/api', '/%zz/api'],
    ['/', '/'],
  ])('reads %j as %j', (url, path) => {
    expect(normalPath(url)).toBe(path);
  });
});
