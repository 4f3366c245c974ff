import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext, RouterContextProvider } from 'react-router';
import { ServerRouter } from 'react-router';
import { nonceContext } from './lib/api-context.ts';
import { NonceProvider } from './lib/nonce.tsx';
import { startAfterPaint } from './lib/start-after-paint.server.ts';

// The server takes these from the build, so the router context it creates is the class the routes
// check against (in development Vite loads React Router's development build, a separate instance).
export { createRequestHandler } from 'react-router';
export { createLoadContext } from './lib/api-context.ts';

export const streamTimeout = 10_000;

export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(nonceContext);
  // Crawlers get the whole document at once; people get it streamed as soon as the shell is ready.
  const readyEvent =
    isbot(request.headers.get('user-agent') ?? '') || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const timer = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          // In development React Router's module carries Vite's HMR preamble, which must run before
          // any route module: the page starts as React Router writes it.
          const body = import.meta.env.PROD ? startAfterPaint() : new PassThrough();
          headers.set('Content-Type', 'text/html; charset=utf-8');
          // The same hint the API gives with its 503 (apps/server/src/plugins/errors.ts).
          if (status === 503) headers.set('Retry-After', '5');
          resolve(new Response(createReadableStreamFromReadable(body), { headers, status }));
          // Once React has written everything there is nothing left to abort. A timer left running
          // would keep the render (its request, response and data) in memory for 11 s.
          body.once('finish', () => clearTimeout(timer));
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
