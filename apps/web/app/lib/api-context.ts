import { createContext, RouterContextProvider } from 'react-router';

/** Calls the API. In the browser it is fetch; during SSR the server answers in-process with the visitor's cookies. */
export type ApiFetch = (path: string, init?: RequestInit) => Promise<Response>;

/** Settings the server hands the pages at request time, so one build serves any shop. */
export type PublicConfig = {
  apiBaseUrl: string;
  paymentProvider: 'stripe' | 'demo';
  stripePublishableKey: string;
  mapsToken: string;
  publicUrl: string;
  /** The identity provider the sign-in button names ("Sign In with Google"). */
  signInProvider: string;
};

export const apiFetchContext = createContext<ApiFetch>();
export const publicConfigContext = createContext<PublicConfig>();
export const nonceContext = createContext<string>('');

/** Builds the loaders' context; the server calls it through the server build for every page request. */
export function createLoadContext(values: { apiFetch: ApiFetch; config: PublicConfig; nonce: string }) {
  const context = new RouterContextProvider();
  context.set(apiFetchContext, values.apiFetch);
  context.set(publicConfigContext, values.config);
  context.set(nonceContext, values.nonce);
  return context;
}
