import { data } from 'react-router';

export function loader() {
  throw data(null, { status: 404, statusText: 'Not Found' });
}

export const meta = () => [{ title: 'Not Found' }, { name: 'robots', content: 'noindex' }];

export default function NotFound() {
  return null;
}
