import type { ApiFetch } from '@barbershop/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
 * The one way pages reach the API: page loaders, page actions and the role guard call it during a
 * page request, and it answers through `inject`, in-process, as if the visitor had called the API.
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
    // A Request turns whatever body the page passed into bytes and the content type that goes with them.
    const call = new Request(new URL(`/api${path}`, 'http://in-process'), init);
    const url = new URL(call.url);
    const headers: Record<string, string> = Object.fromEntries(call.headers);
    for (const name of VISITOR_HEADERS) {
      const value = visitor.headers[name];
      // Never the page's word for these: a header the visitor did not send is not sent.
      if (typeof value === 'string') headers[name] = value;
      else delete headers[name];
    }
    headers['x-request-id'] = visitor.id;
    headers[RENDER_HEADER] = render.token;
    const payload = call.body ? Buffer.from(await call.arrayBuffer()) : undefined;
    const response = await app.inject({
      method: call.method as 'GET',
      url: `${url.pathname}${url.search}`,
      headers,
      payload,
      remoteAddress: visitor.ip,
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      for (const v of Array.isArray(value) ? value : [value]) {
        if (v !== undefined) responseHeaders.append(name, String(v));
      }
    }
    setCookies.push(...responseHeaders.getSetCookie());
    const nullBody = response.statusCode === 204 || response.statusCode === 304 || call.method === 'HEAD';
    return new Response(nullBody ? null : new Uint8Array(response.rawPayload), {
      status: response.statusCode,
      headers: responseHeaders,
    });
  };

  return { fetch, setCookies, close: render.close };
}
