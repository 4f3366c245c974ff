import { createHmac } from 'node:crypto';

/** Where the development identity provider lives on the site. */
export const DEV_IDP_PATH = '/dev-idp';
export const DEV_CLIENT_ID = 'barbershop-dev';

/** Derived from the session secret, so the provider and the site agree without another setting. */
export function devSecret(sessionSecret: string, purpose: 'client' | 'cookies'): string {
  return createHmac('sha256', sessionSecret).update(`dev-idp ${purpose}`).digest('base64url');
}
