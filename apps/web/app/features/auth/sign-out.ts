import { browserApi } from '../../lib/api.ts';

/** SPEC.md section 7: end the session, then go home; a failed call is only logged. */
export async function signOut(apiBaseUrl: string): Promise<void> {
  try {
    await browserApi(apiBaseUrl).send('POST', '/auth/logout');
  } catch (error) {
    console.error('Sign-out failed', error);
  }
  // A full load, so nothing rendered for the signed-in user stays on screen or in memory.
  window.location.assign('/');
}
