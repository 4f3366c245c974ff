const BASE = 'http://local.invalid';

/**
 * Where to send someone after signing in: a path on this site, or '/'. Refuses anything a browser
 * could read as another site (`//host`, `/\host`, `https:`...), so sign-in is no open redirect.
 */
export function localPath(value: unknown): string {
  if (typeof value !== 'string' || value.length > 2048) return '/';
  if (!value.startsWith('/') || value.startsWith('//')) return '/';
  // Browsers read a backslash as a slash, and drop tabs and newlines from URLs.
  if (value.includes('\\') || [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) {
    return '/';
  }
  const url = new URL(value, BASE);
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can collapse into a new leading '//' ('/a/..//host').
  if (url.origin !== BASE || path.startsWith('//')) return '/';
  return path;
}
