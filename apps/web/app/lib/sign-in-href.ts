/** The page that asks a signed-out visitor to sign in, coming back to `path` afterwards. */
export function signInPageHref(path: string, error?: 'forbidden'): string {
  return `/sign-in?${new URLSearchParams(error ? { path, error } : { path })}`;
}

/** Where the sign-in button goes: the server's sign-in start, which returns to `path` (the server checks it is local). */
export function signInStartHref(apiBaseUrl: string, path: string): string {
  return `${apiBaseUrl}/api/auth/google?${new URLSearchParams({ path })}`;
}

/**
 * Where to return after signing in from this page: the page itself, except on /sign-in, which
 * already names where the visitor was going.
 */
export function returnPath(location: { pathname: string; search: string }): string {
  if (location.pathname === '/sign-in') return new URLSearchParams(location.search).get('path') ?? '/';
  return `${location.pathname}${location.search}`;
}
