import { createHash, randomBytes } from 'node:crypto';
import type { Executor } from '@barbershop/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  deleteSession,
  findLiveSession,
  insertSession,
  setSessionExpiry,
} from '../modules/auth/sessions.repository.ts';
import { isApiRoute, prependRouteHook } from './route-hooks.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A session not used for this long ends (rolling expiry). */
export const SESSION_IDLE_MS = 30 * DAY_MS;
/** No session outlives this, however often it is used. */
export const SESSION_ABSOLUTE_MS = 90 * DAY_MS;
// Extending on every request would write on every request; once a day keeps the 30 days honest enough.
const EXTEND_AFTER_MS = DAY_MS;
// 32 random bytes in base64url: anything else is not ours and is not worth a database round trip.
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The cookie name: with HTTPS the __Host- prefix makes the browser refuse it from a subdomain or over HTTP. */
export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-session' : 'session';
}

/** Only the hash is stored, so a leaked sessions table signs nobody in. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Starts a session for a user and returns the token the cookie carries. */
export async function createSession(db: Executor, userId: string, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertSession(db, {
    id: hashSessionToken(token),
    userId,
    expiresAt: new Date(now.getTime() + SESSION_IDLE_MS),
  });
  return token;
}

/** The header that ties an in-process API call to its page render (see `Sessions.shareLookups`). */
export const RENDER_HEADER = 'x-page-render';

export type SessionOptions = { secure: boolean };

export type Sessions = {
  cookieName: string;
  /** Starts a fresh session (a new id at every sign-in, so no fixation) and sets its cookie. */
  start(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void>;
  /** Ends the caller's session, if any, and clears its cookie. */
  end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /**
   * Lets the API calls of one page render share one session lookup: calls that carry `token` in the
   * RENDER_HEADER header reuse the first one's answer for the same cookie. `close` when the page is sent.
   * The token is random and only ever joins lookups of the same session id, so a caller who sends
   * one learns nothing.
   */
  shareLookups(): { token: string; close(): void };
};

declare module 'fastify' {
  interface FastifyInstance {
    sessions: Sessions;
  }
  interface FastifyRequest {
    /** The hashed id of the caller's live session; null when signed out. */
    sessionId: string | null;
  }
}

/**
 * Server-side sessions in the database: every request with a session cookie gets `request.user`.
 * Nothing is kept in memory, so any number of server processes can share one database.
 */
export const sessionPlugin = fp(
  async (app: FastifyInstance, { secure }: SessionOptions) => {
    const cookieName = sessionCookieName(secure);
    const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax', secure } as const;
    app.decorateRequest('sessionId', null);

    const renders = new Map<string, Map<string, ReturnType<typeof lookUp>>>();
    const lookUp = async (id: string) => {
      const now = new Date();
      const session = await findLiveSession(app.db, id, now, new Date(now.getTime() - SESSION_ABSOLUTE_MS));
      if (!session) return null;
      const absoluteEnd = session.createdAt.getTime() + SESSION_ABSOLUTE_MS;
      const next = Math.min(now.getTime() + SESSION_IDLE_MS, absoluteEnd);
      const gain = next - session.expiresAt.getTime();
      // Once the expiry is the 90-day limit there is nothing to gain: without this, every call of a
      // session's last month wrote the same value again.
      if (gain >= EXTEND_AFTER_MS || (gain > 0 && next === absoluteEnd)) {
        await setSessionExpiry(app.db, id, new Date(next));
      }
      return session;
    };

    const identify = async (request: FastifyRequest, token: string) => {
      const id = hashSessionToken(token);
      // Every API call of one page render carries the same cookie: the first call's lookup serves them all.
      const render = renders.get(String(request.headers[RENDER_HEADER]));
      let lookup = render?.get(id);
      if (!lookup) {
        lookup = lookUp(id);
        render?.set(id, lookup);
      }
      const session = await lookup;
      if (!session) return;
      request.user = session.user;
      request.sessionId = id;
    };
    // A callback: most API calls come without a session cookie, and those should not cost a promise.
    const identifyHook = (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
      const token = request.cookies[cookieName];
      if (!token || !TOKEN_PATTERN.test(token)) return done();
      identify(request, token).then(() => done(), done);
    };
    // Only the API reads the user. Pages reach it through in-process API calls that carry the cookie,
    // and assets, media and health checks need no one: looking the session up for those too would cost
    // a query each. Registered after access.ts, so the lookup runs ahead of the route's access check.
    app.addHook('onRoute', (route) => {
      if (isApiRoute(route)) prependRouteHook(route, 'onRequest', identifyHook);
    });

    app.decorate('sessions', {
      cookieName,
      async start(request, reply, userId) {
        if (request.sessionId) await deleteSession(app.db, request.sessionId);
        const token = await createSession(app.db, userId);
        // The cookie may live as long as the session could; the server decides when it ends.
        reply.setCookie(cookieName, token, { ...cookieOptions, maxAge: SESSION_ABSOLUTE_MS / 1000 });
      },
      async end(request, reply) {
        if (request.sessionId) {
          await deleteSession(app.db, request.sessionId);
          // Later API calls of the same page render must not see the ended session.
          renders.get(String(request.headers[RENDER_HEADER]))?.delete(request.sessionId);
        }
        request.user = null;
        request.sessionId = null;
        reply.clearCookie(cookieName, cookieOptions);
      },
      shareLookups() {
        const token = randomBytes(16).toString('base64url');
        renders.set(token, new Map());
        return { token, close: () => renders.delete(token) };
      },
    } satisfies Sessions);
  },
  { name: 'session', dependencies: ['database', '@fastify/cookie', 'access'] },
);
