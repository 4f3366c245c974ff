import type { ApiFetch, CurrentUser } from '@barbershop/contract';
import { type ComponentType, createElement } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  type LoaderFunction,
  StaticRouterProvider,
  useLoaderData,
} from 'react-router';
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

/** A signed-in visitor as GET /users/me answers: 0 a customer, 1 staff, 2 an admin. */
export function testUser(accessLevel: number, name: string, gid: string): NonNullable<CurrentUser> {
  const email = `${name.split(' ')[0]!.toLowerCase()}@example.com`;
  return { gid, name, email, picture: '', accessLevel };
}

/** The characters React escapes in text, as a person reads them. */
const ENTITIES: Record<string, string> = {
  '&#x27;': "'",
  '&quot;': '"',
  '&lt;': '<',
  '&gt;': '>',
  '&amp;': '&',
};

/** What a person reads: the markup without tags, comments and the hydration script. */
export function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&quot;|&lt;|&gt;|&amp;/g, (entity) => ENTITIES[entity]!)
    .replace(/\s+/g, ' ');
}

/** A route module's loader and page, as the server renders them. */
type RouteModule = { loader: unknown; default: unknown };
type PageComponent = ComponentType<{ loaderData: unknown }>;

/** A route module's page given its loader's data, as React Router's generated route does. */
function LoadedPage({ page }: { page: PageComponent }) {
  return createElement(page, { loaderData: useLoaderData() });
}

/**
 * What a route's page reads when the server renders `url` for a visitor whose API calls `answer`
 * answers (given the path, it returns the JSON body): the loader runs, then the page.
 */
export async function renderedRouteText(
  route: RouteModule & { path: string },
  url: string,
  answer: (path: string) => unknown,
): Promise<string> {
  return visibleText(await renderedRouteHtml(route, url, answer));
}

/** The markup of renderedRouteText's page, for what a person does not read (a box ticked, a link's address). */
export async function renderedRouteHtml(
  route: RouteModule & { path: string },
  url: string,
  answer: (path: string) => unknown,
): Promise<string> {
  const page = route.default as PageComponent;
  const element = createElement(LoadedPage, { page });
  const handler = createStaticHandler([
    { id: 'page', path: route.path, loader: route.loader as LoaderFunction, element },
  ]);
  const requestContext = testLoadContext(async (path) => Response.json(answer(path)));
  const context = await handler.query(new Request(`http://localhost${url}`), { requestContext });
  if (context instanceof Response) throw new Error(`unexpected answer ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(createElement(StaticRouterProvider, { router, context }));
}
