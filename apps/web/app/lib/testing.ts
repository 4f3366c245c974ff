import type { ApiFetch } from '@barbershop/contract';
import { createLoadContext } from './api-context.ts';

/** For tests: a page request's context whose API is `apiFetch`, with a demo shop's public settings. */
export function testLoadContext(apiFetch: ApiFetch) {
  return createLoadContext({
    apiFetch,
    config: {
      apiBaseUrl: '',
      paymentProvider: 'demo',
      stripePublishableKey: '',
      mapsToken: '',
      publicUrl: '',
      signInProvider: 'Google',
      timeZone: 'UTC',
    },
    nonce: '',
  });
}

/** What a person reads: the markup without tags, comments and the hydration script. */
export function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
}
