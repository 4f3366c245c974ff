import { createSession } from '../plugins/session.ts';
import type { TestApp } from './app.ts';

/** Signs a user in the way the callback does (a session row and its cookie): returns the Cookie header. */
export async function signInAs(app: TestApp, user: { id: string }): Promise<string> {
  const token = await createSession(app.db, user.id);
  return `${app.sessions.cookieName}=${token}`;
}
