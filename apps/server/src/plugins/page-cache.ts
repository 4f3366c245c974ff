import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import { createPageBody, type PageBody, SPARE_BYTES, type SpareBudget } from './page-body.ts';

/**
 * The public pages an anonymous visitor may be handed from memory: home, legal, the barbers' pages
 * (with only their `?index=` tab in the query) and the store's pages. Never the cart, checkout,
 * account, dashboard, sign-in or error pages, nor a `.data` request.
 */
const PAGES = [
  /^\/$/,
  /^\/legal\/(?:terms|privacy)$/,
  /^\/barbershops(?:\/[^/.?]+)?(?:\?index=\d{1,2})?$/,
  /^\/store(?:\/[^/.?]+)?$/,
];

export type PageCacheLimits = {
  /** Most pages kept; the least recently used goes first. */
  maxEntries: number;
  /** Most bytes kept (plain and gzip bodies together). */
  maxBytes: number;
  /** A page shows the clock (the footer's year, "open today"): kept at most this long. */
  maxAgeMs: number;
};

const PAGE_CACHE_LIMITS: PageCacheLimits = {
  maxEntries: 500,
  maxBytes: 32 * 1024 * 1024,
  maxAgeMs: 60_000,
};

/** A rendered page as kept: its headers and its body, plain and gzip, with room for each answer's nonce. */
type Page = {
  version: number;
  storedAt: number;
  headers: [string, string][];
  body: PageBody;
};

/** What a render gave: React Router's response, and the cookies the API set during it. */
export type RenderedPage = { response: Response; cookies: string[] };

// Per-response headers the page's own response may carry that a stored copy must not repeat.
const SKIPPED = new Set([
  'content-length',
  'connection',
  'transfer-encoding',
  'date',
  'keep-alive',
  'set-cookie',
]);

function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== 'gzip' && name !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

export type PageCache = ReturnType<typeof createPageCache>;

/**
 * Anonymous visitors' public pages, rendered once and kept as HTML until any watched table is
 * written (the public cache's version changes), a minute passes, or room is needed. Pages are
 * rendered with a placeholder nonce, random per process and never sent, which each answer replaces
 * with its own fresh one. Concurrent first requests for a page share one render.
 */
export function createPageCache(options: {
  /** The public cache's version (null: not listening, keep nothing). */
  version: () => number | null;
  /** Whether the request carries a session cookie: a signed-in visitor's page is theirs alone. */
  signedIn: (request: FastifyRequest) => boolean;
  limits?: PageCacheLimits;
}) {
  const { version, signedIn, limits = PAGE_CACHE_LIMITS } = options;
  const placeholder = randomBytes(16).toString('base64');
  const pages = new Map<string, Page>();
  const pending = new Map<string, Promise<Page | null>>();
  let bytes = 0;
  const spares: SpareBudget = { held: 0, max: SPARE_BYTES };

  const drop = (key: string) => {
    const page = pages.get(key);
    if (!page) return;
    pages.delete(key);
    bytes -= page.body.bytes;
    page.body.drop();
  };

  const fresh = (key: string): Page | undefined => {
    const page = pages.get(key);
    if (!page) return undefined;
    if (page.version !== version() || Date.now() - page.storedAt > limits.maxAgeMs) {
      drop(key);
      return undefined;
    }
    // Most recently used last: the Map's order is the eviction order.
    pages.delete(key);
    pages.set(key, page);
    return page;
  };

  const store = (key: string, page: Page) => {
    drop(key);
    if (page.body.bytes > limits.maxBytes) {
      // Concurrent first requests may still answer from it, without keeping copies for later.
      page.body.drop();
      return;
    }
    pages.set(key, page);
    bytes += page.body.bytes;
    for (const oldest of pages.keys()) {
      if (pages.size <= limits.maxEntries && bytes <= limits.maxBytes) break;
      drop(oldest);
    }
  };

  /** The page kept from `rendered`, or null when it is not the same for every anonymous visitor. */
  const keep = ({ response, cookies }: RenderedPage, body: string, at: number): Page | null => {
    const type = response.headers.get('content-type') ?? '';
    if (response.status !== 200 || cookies.length || response.headers.has('set-cookie')) return null;
    if (!type.startsWith('text/html')) return null;
    const headers = [...response.headers].filter(([name]) => !SKIPPED.has(name));
    return { version: at, storedAt: Date.now(), headers, body: createPageBody(body, placeholder, spares) };
  };

  const send = (request: FastifyRequest, reply: FastifyReply, page: Page) => {
    reply.status(200);
    for (const [name, value] of page.headers) reply.header(name, value);
    const gzipped = acceptsGzip(request.headers['accept-encoding']);
    if (gzipped) reply.header('content-encoding', 'gzip');
    const { body, sent } = page.body.answer(reply.scriptNonce, gzipped);
    reply.raw.once('finish', sent);
    return reply.send(body);
  };

  return {
    placeholder,

    /** The cache key of a request that may be answered from memory, else null. */
    keyOf(request: FastifyRequest): string | null {
      if (request.method !== 'GET' && request.method !== 'HEAD') return null;
      if (signedIn(request) || !PAGES.some((page) => page.test(request.url))) return null;
      // Crawlers get the whole document at once, people a stream (entry.server.tsx): two documents.
      return `${isbot(request.headers['user-agent'] ?? '') ? 'bot' : 'person'} ${request.url}`;
    },

    /**
     * Answers from memory ('sent'), or renders with `render(placeholder)`, keeps the page and gives
     * back the render with this response's nonce in place, for the caller to send. Null when the
     * request must be rendered as usual (a HEAD not in memory, the cache not listening, or a shared
     * render that gave a page not to keep).
     */
    async serve(
      key: string,
      request: FastifyRequest,
      reply: FastifyReply,
      render: (nonce: string) => Promise<RenderedPage>,
    ): Promise<'sent' | RenderedPage | null> {
      // A cached answer differs by Accept-Encoding, and so does a compressed render.
      reply.header('vary', 'accept-encoding');
      const hit = fresh(key);
      if (hit) {
        send(request, reply, hit);
        return 'sent';
      }
      const shared = pending.get(key);
      if (shared) {
        const page = await shared;
        if (!page) return null;
        send(request, reply, page);
        return 'sent';
      }
      const at = version();
      if (request.method !== 'GET' || at === null) return null;
      let settle: (page: Page | null) => void = () => {};
      pending.set(key, new Promise((resolve) => (settle = resolve)));
      try {
        const rendered = await render(placeholder);
        const body = await rendered.response.text();
        const page = keep(rendered, body, at);
        if (page) store(key, page);
        settle(page);
        const own = new Response(body.replaceAll(placeholder, reply.scriptNonce), rendered.response);
        return { response: own, cookies: rendered.cookies };
      } catch (error) {
        settle(null);
        throw error;
      } finally {
        pending.delete(key);
      }
    },
  };
}
