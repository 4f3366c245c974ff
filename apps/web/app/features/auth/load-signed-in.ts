import { data, redirect } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { signInPageHref } from './sign-in-href.ts';

/**
 * Runs a loader's API calls for a page that needs a signed-in visitor. Signed out (401): off to
 * /sign-in, coming back here after. Not found or not theirs (404): the site's 404 page.
 */
export async function loadSignedIn<T>(request: Request, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      const url = new URL(request.url);
      throw redirect(signInPageHref(`${url.pathname}${url.search}`));
    }
    if (error instanceof ApiError && error.status === 404) {
      throw data(null, { status: 404, statusText: 'Not Found' });
    }
    throw error;
  }
}
