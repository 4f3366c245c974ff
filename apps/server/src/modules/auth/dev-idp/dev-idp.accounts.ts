import { DEMO_ACCOUNTS } from '@barbershop/db/demo-accounts';
import type { Claims } from 'oidc-provider';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A typed email, trimmed and lower-cased, or null when it does not look like one. */
export function normalizeEmail(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const email = value.trim().toLowerCase();
  return email.length <= 254 && EMAIL.test(email) ? email : null;
}

/** "jo.smith@example.com" -> "Jo Smith": a readable name for an email that is not a demo account. */
function nameFromEmail(email: string): string {
  const local = email.split('@')[0] ?? email;
  return local
    .split(/[._+-]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join(' ');
}

/**
 * The claims the development provider issues for an email: a demo account's name, or one made up
 * from the address. The subject is the email, as the seed's demo accounts expect.
 */
export function devClaims(email: string): Claims {
  const demo = DEMO_ACCOUNTS.find((account) => account.email === email);
  return { sub: email, email, email_verified: true, name: demo?.name ?? nameFromEmail(email) };
}
