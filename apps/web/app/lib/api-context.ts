import type { ApiFetch, PublicConfig } from '@barbershop/contract';
import { createContext, RouterContextProvider } from 'react-router';

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
