import type { CurrentUser } from '@barbershop/contract';
import { createContext, type RouterContextProvider } from 'react-router';
import { serverApi } from '../../lib/api.ts';

const asked = createContext<Promise<CurrentUser> | null>(null);

/**
 * The visitor of this request (null when signed out), asked of the API once however many of the
 * request's loaders and middleware want it: the root's header, a private page's guard, its layout's.
 */
export function currentUser(context: Readonly<RouterContextProvider>): Promise<CurrentUser> {
  let user = context.get(asked);
  if (!user) {
    user = serverApi(context).get('/users/me');
    context.set(asked, user);
  }
  return user;
}
