import {
  CurrentUserSchema,
  InventoryItemSchema,
  UpdateUserSchema,
  UserDetailSchema,
  UserSummarySchema,
  UsersQuerySchema,
} from '@barbershop/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../plugins/errors.ts';
import {
  currentUser,
  getUserDetail,
  listInventory,
  listUsersWithItems,
  updateUserAsAdmin,
} from './users.service.ts';

const GidParams = idParams({ gid: 'user' });

/**
 * The current user, their inventory, and the users the dashboard manages. `adminEmails` is the
 * server's ADMIN_EMAILS, whose addresses no admin can demote (sign-in would make them admin again).
 */
export async function usersRoutes(app: FastifyInstance, { adminEmails }: { adminEmails: readonly string[] }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/users/me',
    {
      config: { access: 'public' },
      schema: {
        tags: ['users'],
        summary: 'The signed-in user, or null when signed out',
        response: { 200: CurrentUserSchema },
      },
    },
    (request) => currentUser(request.user),
  );
  r.get(
    '/users/me/items',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['users'],
        summary: 'The items the signed-in user owns, newest first',
        response: { 200: z.array(InventoryItemSchema) },
      },
    },
    (request) => listInventory(app.db, request.user!.id),
  );
  r.get(
    '/users/checkAdmin',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['users'],
        summary: 'The dashboard check: 200 for staff and admins, 401 signed out, 403 customers',
        response: { 200: CurrentUserSchema.unwrap() },
      },
    },
    (request) => currentUser(request.user)!,
  );
  r.get(
    '/users',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['users'],
        summary:
          "A page of users by name with the items they own; q matches id, name, email, address or phone, any case; the next page after the last row's gid",
        querystring: UsersQuerySchema,
        response: { 200: z.array(UserSummarySchema) },
      },
    },
    (request) => listUsersWithItems(app.db, request.query),
  );
  r.get(
    '/users/:gid',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['users'],
        summary: 'One user with their items and orders',
        params: GidParams,
        response: { 200: UserDetailSchema },
      },
    },
    (request) => getUserDetail(app.db, request.params.gid),
  );
  r.patch(
    '/users/:gid',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary:
          "Change a user's role, phone or address; the last admin, or one listed in ADMIN_EMAILS, cannot stop being one (409)",
        params: GidParams,
        body: UpdateUserSchema,
        response: { 200: UserDetailSchema },
      },
    },
    (request) => updateUserAsAdmin(app.db, request.user!.id, request.params.gid, request.body, adminEmails),
  );
}
