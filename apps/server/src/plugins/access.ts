import { ACCESS } from '@barbershop/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.ts';
import { prependRouteHook } from './route-hooks.ts';

/** Who may call a route. Every route declares one; a route without a rule refuses to register. */
export type Access = 'public' | 'signedIn' | 'staff' | 'admin';

export type SessionUser = { id: string; name: string; email: string; picture: string; accessLevel: number };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The signed-in user, set by the session plugin; null when signed out. */
    user: SessionUser | null;
  }
}

export function isStaff(user: SessionUser | null): boolean {
  return !!user && user.accessLevel >= ACCESS.staff;
}

export function isAdmin(user: SessionUser | null): boolean {
  return !!user && user.accessLevel >= ACCESS.admin;
}

/** Throws the error a caller without the required role gets: 401 signed out, 403 role too low. */
export function assertAccess(request: FastifyRequest, access: Access): void {
  if (access === 'public') return;
  if (!request.user) throw new AppError('unauthorized', 'Sign in to continue.');
  if (access === 'staff' && !isStaff(request.user)) throw new AppError('forbidden', 'Staff only.');
  if (access === 'admin' && !isAdmin(request.user)) throw new AppError('forbidden', 'Administrators only.');
}

export const accessPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('user', null);
    app.addHook('onRoute', (route) => {
      const access = route.config?.access;
      if (!access) {
        if (route.url.startsWith('/api/') && !route.url.startsWith('/api/docs')) {
          throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
        }
        return;
      }
      // The session is loaded for /api requests only (plugins/session.ts), so a rule elsewhere could never pass.
      if (access !== 'public' && !route.url.startsWith('/api/')) {
        throw new Error(
          `Route ${route.method} ${route.url} is outside /api, where only public routes can live`,
        );
      }
      // Anyone may call a public route: nothing to check, so no hook to run on every request.
      if (access === 'public') return;
      // The access matrix walks the OpenAPI document: a route left out of it must be one anyone may call.
      if (route.schema?.hide) {
        throw new Error(
          `Route ${route.method} ${route.url} needs a role and is left out of the API document`,
        );
      }
      // Checked on request, after the session plugin has set request.user and before the body is read
      // or validated: a caller without the role learns nothing about the route and uploads nothing.
      const check = async (request: FastifyRequest, reply: FastifyReply) => {
        // What a role may see depends on the session: no shared cache may keep it.
        reply.header('cache-control', 'private, no-store');
        assertAccess(request, access);
      };
      prependRouteHook(route, 'onRequest', check);
    });
  },
  { name: 'access', dependencies: ['errors'] },
);
