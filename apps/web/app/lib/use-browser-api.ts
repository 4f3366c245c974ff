import { useMemo } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { RootData } from '../root.tsx';
import { type ApiClient, browserApi } from './api.ts';

/** The same-origin API client for code in the browser (uploads, toggles), with the site's API base. */
export function useBrowserApi(): ApiClient {
  const apiBaseUrl = useRouteLoaderData<RootData>('root')?.config.apiBaseUrl ?? '';
  return useMemo(() => browserApi(apiBaseUrl), [apiBaseUrl]);
}
