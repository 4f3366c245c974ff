import type { ComponentProps } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  data,
  type LoaderFunction,
  StaticRouterProvider,
  useRouteError,
} from 'react-router';
import { describe, expect, it } from 'vitest';
import { testLoadContext, visibleText } from '../lib/testing.ts';
import { loader as homeLoader } from '../routes/site/home.tsx';
import { ErrorBoundary, default as SiteLayout } from '../routes/site/site-layout.tsx';

// Renders a page below the site layout the way the server does, with an API that answers `apiResponse`,
// to see what a visitor gets when its loader fails.

function LayoutErrorBoundary() {
  const props = { error: useRouteError() } as ComponentProps<typeof ErrorBoundary>;
  return <ErrorBoundary {...props} />;
}

async function renderPage(loader: LoaderFunction, apiResponse: () => Response) {
  const handler = createStaticHandler([
    {
      id: 'site',
      path: '/',
      Component: SiteLayout,
      ErrorBoundary: LayoutErrorBoundary,
      children: [{ index: true, loader }],
    },
  ]);
  const requestContext = testLoadContext(async () => apiResponse());
  const context = await handler.query(new Request('http://localhost/'), { requestContext });
  if (context instanceof Response)
    throw new Error(`unexpected redirect to ${context.headers.get('location')}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(<StaticRouterProvider router={router} context={context} />);
  return { status: context.statusCode, html, text: visibleText(html) };
}

describe('the error screen below the site layout', () => {
  it('shows 500 without the error details when the API fails during server rendering', async () => {
    const { status, html, text } = await renderPage(homeLoader as LoaderFunction, () =>
      Response.json({ error: { code: 'internal', message: 'connection to database lost' } }, { status: 500 }),
    );
    expect(status).toBe(500);
    expect(text).toContain('Unexpected Application Error!');
    expect(text).toContain('500 Internal Server Error');
    expect(text).not.toContain('connection to database lost');
    expect(html).toMatch(/<a [^>]*href="\/"[^>]*>Back to home<\/a>/);
    // The header stays, so the visitor can navigate on.
    expect(html).toContain('aria-label="Main"');
  });

  it('passes a 503 from the API through as a friendly "temporarily unavailable" page', async () => {
    const { status, text } = await renderPage(homeLoader as LoaderFunction, () =>
      Response.json(
        { error: { code: 'unavailable', message: 'The service is unavailable right now.' } },
        { status: 503, headers: { 'retry-after': '5' } },
      ),
    );
    expect(status).toBe(503);
    expect(text).toContain('Temporarily unavailable');
    expect(text).toContain('503 Service Unavailable');
    expect(text).toContain('Please try again in a minute.');
    expect(text).not.toContain('Unexpected Application Error!');
  });

  it('shows the status and text of an error response', async () => {
    const { status, text } = await renderPage(
      () => {
        throw data(null, { status: 404, statusText: 'Not Found' });
      },
      () => Response.json([]),
    );
    expect(status).toBe(404);
    expect(text).toContain('Unexpected Application Error!');
    expect(text).toContain('404 Not Found');
  });
});
