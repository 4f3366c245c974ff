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
