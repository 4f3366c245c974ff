import { data } from 'react-router';
import { ApiError } from './api.ts';
import { isNetworkFailure } from './network-failure.ts';

/**
 * What a dashboard form says when its save got no answer: the page and what was typed stay, so the
 * same press saves it once the connection is back (a save that reached the server before its answer
 * was lost is then refused as a stale edit or a taken name, each of which says so).
 */
export const NO_CONNECTION_SAVE =
  'Could not reach the shop. Check your connection, then try again: what you typed is still here.';

/** A failed save's words: the API's reason after `title`, or that the shop could not be reached. */
export function saveFailure(title: string, error: unknown): string {
  if (error instanceof ApiError) return `${title}: ${error.message}`;
  return isNetworkFailure(error) ? `${title}. ${NO_CONNECTION_SAVE}` : title;
}

/**
 * The status of the answer a page's action gives when the shop could not be reached. An answer of
 * 400 or more leaves the pages' loaders alone (React Router's default), which offline would fail too.
 */
export const NO_CONNECTION_STATUS = 503;

/**
 * A dashboard page's clientAction: its server action, or, when the browser could not reach it, an
 * answer its form shows where it is. Without this React Router takes the failed post for the page's
 * error and draws "Connection lost" in its place, and what staff had typed goes with the page.
 */
export async function serverActionOrOffline<Answer>(serverAction: () => Promise<Answer>) {
  try {
    return await serverAction();
  } catch (error) {
    if (isNetworkFailure(error)) return data({ error: NO_CONNECTION_SAVE }, { status: NO_CONNECTION_STATUS });
    throw error;
  }
}
