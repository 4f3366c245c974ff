import { describe, expect, it } from 'vitest';
import { returnPath, signInPageHref, signInStartHref } from './sign-in-href.ts';

describe('sign-in links', () => {
  it('sends the sign-in button to the server with the path to return to', () => {
    expect(signInStartHref('', '/account/orders?page=2')).toBe(
      '/api/auth/google?path=%2Faccount%2Forders%3Fpage%3D2',
    );
    expect(signInStartHref('https://api.example.com', '/')).toBe(
      'https://api.example.com/api/auth/google?path=%2F',
    );
  });

  it('links to the sign-in page with the path to return to', () => {
    expect(signInPageHref('/account')).toBe('/sign-in?path=%2Faccount');
  });

  it('returns to the current page, or from /sign-in to where the visitor was going', () => {
    expect(returnPath({ pathname: '/store', search: '?a=1' })).toBe('/store?a=1');
    expect(returnPath({ pathname: '/sign-in', search: '?path=%2Faccount' })).toBe('/account');
    expect(returnPath({ pathname: '/sign-in', search: '' })).toBe('/');
  });
});
