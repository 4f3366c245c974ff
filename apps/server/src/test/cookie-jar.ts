/**
 * Just enough of a browser's cookie store to follow a sign-in through redirects with inject: it keeps
 * what Set-Cookie sets, drops what it expires, and sends everything back (paths are not checked).
 */
export class CookieJar {
  readonly cookies = new Map<string, string>();
  /** Every Set-Cookie header received, as sent, for checking attributes. */
  readonly setCookies: string[] = [];

  store(setCookie: string | string[] | number | undefined) {
    const headers = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [String(setCookie)];
    for (const header of headers) {
      this.setCookies.push(header);
      const [pair = '', ...attributes] = header.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = '', val = ''] = attribute.split('=').map((part) => part.trim().toLowerCase());
        return (key === 'max-age' && Number(val) <= 0) || (key === 'expires' && Date.parse(val) < Date.now());
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}
