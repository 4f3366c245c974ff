import { ACCESS } from '@barbershop/contract';
import type { Executor } from '@barbershop/db';
import { upsertIdentity } from '../users/users.repository.ts';
import type { Identity } from './oidc-client.ts';

/** Whether the server's ADMIN_EMAILS (lower case) lists this address. */
export function listedAsAdmin(email: string, adminEmails: readonly string[]): boolean {
  return adminEmails.includes(email.toLowerCase());
}

/**
 * Records who signed in: creates the user on first sign-in, refreshes name, email and picture after.
 * A verified email listed in ADMIN_EMAILS becomes an admin (the way to bootstrap the first one).
 */
export async function recordSignIn(db: Executor, identity: Identity, adminEmails: readonly string[]) {
  const makeAdmin = identity.emailVerified && listedAsAdmin(identity.email, adminEmails);
  return upsertIdentity(db, {
    oidcIssuer: identity.issuer,
    oidcSubject: identity.subject,
    email: identity.email,
    name: identity.name,
    picture: identity.picture,
    accessLevel: makeAdmin ? ACCESS.admin : undefined,
  });
}
