import { data } from 'react-router';
import type { Route } from './+types/error-status';

// The server renders this path for errors it answers before any page runs (a malformed URL, an
// unknown method, a control character in a query), so they get the site's error page too.
const STATUS_TEXT: Record<string, string> = {
  '400': 'Bad Request',
  '403': 'Forbidden',
  '404': 'Not Found',
  '405': 'Method Not Allowed',
  '413': 'Payload Too Large',
  '415': 'Unsupported Media Type',
  '429': 'Too Many Requests',
  '500': 'Internal Server Error',
  '503': 'Service Unavailable',
};

export function loader({ params }: Route.LoaderArgs) {
  const statusText = STATUS_TEXT[params.status];
  // Any other address under /__error/ is one nobody should visit: no such page.
  if (!statusText) throw data(null, { status: 404, statusText: 'Not Found' });
  throw data(null, { status: Number(params.status), statusText });
}

export const meta = () => [{ name: 'robots', content: 'noindex' }];

// The browser's address is the request that failed, not this route: hydrating would match another
// route and render the page a second time. The error page needs no script; its links work without.
export const handle = { hydrate: false };

export default function ErrorStatus() {
  return null;
}
