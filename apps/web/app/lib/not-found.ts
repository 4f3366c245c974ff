import { data } from 'react-router';
import { ApiError } from './api.ts';

/**
 * A page's data that may not exist or not be the visitor's: the API answers 404 for both
 * (DESIGN.md section 5), and the page shows the site's 404 screen.
 */
export async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      throw data(null, { status: 404, statusText: 'Not Found' });
    }
    throw error;
  }
}
