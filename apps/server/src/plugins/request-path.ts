/**
 * The path a request names, as the router reads it: percent-escapes decoded (except %2F, which stays
 * part of its segment) and dot segments resolved, without the query: the logs find the sign-in
 * callback by it however its path is spelled.
 */
export function normalPath(url: string): string {
  const raw = url.split(/[?#]/, 1)[0] || '/';
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw.replace(/%2f/gi, '%252F'));
  } catch {
    decoded = raw;
  }
  const segments: string[] = [];
  for (const segment of decoded.split('/').slice(1)) {
    if (segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`;
}

// Query parameters that carry a credential in OpenID Connect and OAuth flows, the client secret
// Stripe adds to the page it returns the customer to, and the dashboard's search text (a customer's
// name, email or phone, which logs kept for weeks have no need of).
const SECRET_PARAMS = new Set([
  'q',
  'payment_intent_client_secret',
  'setup_intent_client_secret',
  'code',
  'state',
  'nonce',
  'token',
  'access_token',
  'id_token',
  'refresh_token',
]);
const CALLBACK_PATH = '/api/auth/google/callback';

/**
 * A request's URL as the logs show it: the sign-in callback's whole query, and any credential-like
 * parameter elsewhere, replaced by "[redacted]", so codes, tokens and searched-for people never reach
 * the logs.
 */
export function loggedUrl(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const path = url.slice(0, at);
  if (normalPath(path) === CALLBACK_PATH) return `${path}?[redacted]`;
  const params = new URLSearchParams(url.slice(at + 1));
  let changed = false;
  for (const name of new Set(params.keys())) {
    if (SECRET_PARAMS.has(name.toLowerCase())) {
      params.set(name, '[redacted]');
      changed = true;
    }
  }
  return changed ? `${path}?${params}` : url;
}
