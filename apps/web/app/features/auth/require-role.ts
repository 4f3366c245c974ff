import type { CurrentUser } from '@barbershop/contract';
import { ACCESS } from '@barbershop/contract/domain';
import { type RouterContextProvider, redirect } from 'react-router';
import { pageAddress } from '../../lib/page-address.ts';
import { signInPageHref } from '../../lib/sign-in-href.ts';
import { currentUser } from './current-user.ts';

export type PageRole = 'signedIn' | 'staff' | 'admin';

const LEVEL: Record<PageRole, number> = {
  signedIn: ACCESS.customer,
  staff: ACCESS.staff,
  admin: ACCESS.admin,
};

/**
 * The one guard of private pages. Signed out: to /sign-in, returning here after. Signed in with a
 * role too low: to /sign-in with 'You are not authorized to access this page' (SPEC.md section 8).
 * A dashboard page (staff or admin) says it to a signed-out visitor too: SPEC.md section 6's admin
 * check fails for them as well, and its failure is that alert; the account pages only ask to sign in.
 * The API enforces the same rules on every call; this only decides what the visitor sees.
 */
export async function requireRole(
  request: Request,
  context: Readonly<RouterContextProvider>,
  role: PageRole,
): Promise<NonNullable<CurrentUser>> {
  const user = await currentUser(context);
  const here = pageAddress(request);
  if (!user) throw redirect(signInPageHref(here, role === 'signedIn' ? undefined : 'forbidden'));
  // An unknown level is no role at all: fail closed.
  const level = Object.values(ACCESS).includes(user.accessLevel as never) ? user.accessLevel : -1;
  if (level < LEVEL[role]) throw redirect(signInPageHref(here, 'forbidden'));
  return user;
}

/**
 * The guard of a private page's action (a form's save): requireRole's, except that a visitor signed
 * out goes on to the API, whose 401 the action answers as its refusal (lib/api.ts's
 * sessionEndedAnswer). The session can end while a form is being filled in, and the sign-in page
 * would take the form, and what was typed in it, away.
 */
export async function requireRoleToAct(
  request: Request,
  context: Readonly<RouterContextProvider>,
  role: PageRole,
): Promise<void> {
  if (await currentUser(context)) await requireRole(request, context, role);
}
