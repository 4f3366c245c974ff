import type { ApiFetch } from '@barbershop/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestInProcess } from './in-process.ts';
import { RENDER_HEADER } from './session.ts';

export type ApiBridge = {
  fetch: ApiFetch;
  /** Set-Cookie headers the API answered during the render (a page action that signs out), for the page's response. */
  setCookies: string[];
  /** Ends the render's shared session lookup; call it once the page is sent. */
  close(): void;
};

// What the API must see exactly as the visitor sent it: who they are (cookie), and where the request
// came from (Origin, Sec-Fetch-Site, Host), so the same-site rule judges the visitor, not the page.
const VISITOR_HEADERS = ['cookie', 'origin', 'sec-fetch-site', 'host', 'user-agent', 'accept-language'];

/**
 * Answers a fetch request with this server, in-process (in-process.ts). `headers` replaces the
 * request's own (undefined removes one). The one adapter between fetch and the server, for the
 * pages' API bridge and for sign-in's calls to the development identity provider.
 */
export async function fetchInProcess(
  app: FastifyInstance,
  request: Request,
  options: { headers?: Record<string, string | undefined>; remoteAddress?: string } = {},
): Promise<Response> {
  const url = new URL(request.url);
  const headers: Record<string, string> = Object.fromEntries(request.headers);
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (value === undefined) delete headers[name];
    else headers[name] = value;
  }
  const answer = await requestInProcess(app, {
    method: request.method,
    path: `${url.pathname}${url.search}`,
    headers,
    // Whatever body fetch accepts (JSON text, FormData, URLSearchParams), as the bytes and content type it encodes.
    ...(request.body ? { body: Buffer.from(await request.arrayBuffer()) } : {}),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  const nullBody = answer.status === 204 || answer.status === 304 || request.method === 'HEAD';
  return new Response(nullBody ? null : new Uint8Array(answer.body), {
    status: answer.status,
    headers: answer.headers,
  });
}

/**
 * The one way pages reach the API: page loaders, page actions and the role guard call it during a
 * page request, and it answers in-process, as if the visitor had called the API.
 * It forwards the method and any body fetch accepts (JSON, FormData, URL-encoded forms), and looks
 * the visitor's session up once for the whole render.
 */
export function createApiBridge(
  app: FastifyInstance,
  visitor: Pick<FastifyRequest, 'headers' | 'ip' | 'id'>,
): ApiBridge {
  const render = app.sessions.shareLookups();
  const setCookies: string[] = [];

  const fetch: ApiFetch = async (path, init) => {
    // Never the page's word for these: a header the visitor did not send is not sent.
    const visitorHeaders = Object.fromEntries(
      VISITOR_HEADERS.map((name) => {
        const value = visitor.headers[name];
        return [name, typeof value === 'string' ? value : undefined];
      }),
    );
    const response = await fetchInProcess(
      app,
      new Request(new URL(`/api${path}`, 'http://in-process'), init),
      {
        headers: { ...visitorHeaders, 'x-request-id': visitor.id, [RENDER_HEADER]: render.token },
        remoteAddress: visitor.ip,
      },
    );
    setCookies.push(...response.headers.getSetCookie());
    return response;
  };

  return { fetch, setCookies, close: render.close };
}
