import { ACCESS, AUDIT_TOOLS } from '@barbershop/contract';
import { oneLineText } from '@barbershop/contract/format';
import type { Executor } from '@barbershop/db';
import { recordRoleSetBy } from '../audit/audit.repository.ts';
import { lockUserByIdentity, upsertIdentity } from '../users/users.repository.ts';
import type { Identity } from './oidc-client.ts';

/** Whether the server's ADMIN_EMAILS (lower case) lists this address. */
export function listedAsAdmin(email: string, adminEmails: readonly string[]): boolean {
  return adminEmails.includes(email.toLowerCase());
}

/**
 * Records who signed in: creates the user on first sign-in, refreshes name, email and picture after.
 * A verified email listed in ADMIN_EMAILS becomes an admin (the way to bootstrap the first one),
 * recorded in the audit trail as the setting's doing when it changes the account's role.
 */
export async function recordSignIn(db: Executor, identity: Identity, adminEmails: readonly string[]) {
  const makeAdmin = identity.emailVerified && listedAsAdmin(identity.email, adminEmails);
  const values = {
    oidcIssuer: identity.issuer,
    oidcSubject: identity.subject,
    email: identity.email,
    emailVerified: identity.emailVerified,
    // As the dashboard's forms store names: a provider's may be decomposed, or hold a run of spaces.
    name: oneLineText(identity.name),
    picture: identity.picture,
    accessLevel: makeAdmin ? ACCESS.admin : undefined,
  };
  if (!makeAdmin) return upsertIdentity(db, values);
  return db.transaction(async (tx) => {
    const before = await lockUserByIdentity(tx, identity.issuer, identity.subject);
    const user = await upsertIdentity(tx, values);
    if (before?.accessLevel !== ACCESS.admin) {
      await recordRoleSetBy(tx, AUDIT_TOOLS.adminEmails, user.id, before?.accessLevel ?? null, ACCESS.admin);
    }
    return user;
  });
}
