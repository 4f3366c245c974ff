import { createContext, useContext } from 'react';

const NonceContext = createContext('');

/** The CSP nonce of this response, for the few inline scripts React Router writes. */
export const NonceProvider = NonceContext.Provider;
export function useNonce(): string {
  return useContext(NonceContext);
}
