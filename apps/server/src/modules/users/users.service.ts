import {
  ACCESS,
  AUDIT_TOOLS,
  type CurrentUser,
  type InventoryItem,
  type ItemStatus,
  isUuid,
  type Size,
  type UpdateUser,
  type UserDetail,
  type UserSummary,
  type UsersQuery,
  UsersQuerySchema,
  userMatches,
} from '@barbershop/contract';
import type { Database } from '@barbershop/db';
import type { SessionUser } from '../../plugins/access.ts';
import { AppError } from '../../plugins/errors.ts';
import { forgetRecordedFields, recordAudit, recordRoleSetBy } from '../audit/audit.repository.ts';
import { listedAsAdmin } from '../auth/auth.service.ts';
import { deleteSessionsOf } from '../auth/sessions.repository.ts';
import { forgetRecipient } from '../mail/outbox.repository.ts';
import { imageFromKey } from '../media/images.ts';
import { lockUser } from '../orders/lifecycle.repository.ts';
import { countOpenOrdersOf } from '../orders/orders.repository.ts';
import { listOrdersOf } from '../orders/orders.service.ts';
import {
  eraseProfile,
  findUser,
  findUsersByEmail,
  listOwnedItems,
  listUsersPage,
  lockOtherAdmins,
  type OwnedItemRow,
  type UserRow,
  updateUser,
} from './users.repository.ts';

function toInventoryItem(row: OwnedItemRow): InventoryItem {
  return {
    _id: row.id,
    size: row.size as Size,
    status: row.status as ItemStatus,
    product: {
      _id: row.productId,
      name: row.productName,
      slug: row.productSlug,
      image: imageFromKey(row.imageKey, row.productName),
    },
  };
}

/** A user's row with the items they own (`items`, theirs only). */
function toSummary(user: UserRow, items: OwnedItemRow[]): UserSummary {
  return {
    gid: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    address: user.address,
    accessLevel: user.accessLevel,
    items: items.map(toInventoryItem),
  };
}

/** GET /users/me: who the caller is, or null when signed out. */
export function currentUser(user: SessionUser | null): CurrentUser {
  if (!user) return null;
  return {
    gid: user.id,
    name: user.name,
    email: user.email,
    picture: user.picture,
    accessLevel: user.accessLevel,
  };
}

/** The items a customer owns, for their account page. */
export async function listInventory(db: Database, userId: string): Promise<InventoryItem[]> {
  return (await listOwnedItems(db, [userId])).map(toInventoryItem);
}

// Users read at a time while a search fills its page: one query per 500 candidates it looks at.
const SEARCH_BATCH = 500;

/**
 * A page of users by name with the items they own, for the dashboard; with `q`, of those matching it
 * (SPEC.md section 5), after the user `after`. The match is `userMatches`, in code rather than SQL:
 * the address is matched as printed, which SQL would have to restate. So a search reads the users
 * who could match (the database's necessary condition) a batch at a time until its page is full, and
 * never holds more than a batch and the page.
 */
export async function listUsersWithItems(db: Database, query: UsersQuery): Promise<UserSummary[]> {
  const { q = '', after, limit } = UsersQuerySchema.parse(query);
  const page: UserRow[] = [];
  let from = after;
  for (;;) {
    const batch = await listUsersPage(db, { after: from, limit: q ? SEARCH_BATCH : limit, q });
    page.push(...batch.filter((user) => userMatches({ ...user, gid: user.id }, q)));
    if (page.length >= limit || batch.length < (q ? SEARCH_BATCH : limit)) break;
    from = batch.at(-1)!.id;
  }
  page.length = Math.min(page.length, limit);
  const items = Map.groupBy(
    await listOwnedItems(
      db,
      page.map((user) => user.id),
    ),
    (item) => item.ownerUserId,
  );
  return page.map((user) => toSummary(user, items.get(user.id) ?? []));
}

/** One user with their items and orders, for staff; 404 when there is no such user or the id is not one. */
export async function getUserDetail(db: Database, id: string): Promise<UserDetail> {
  const user = isUuid(id) ? await findUser(db, id) : null;
  if (!user) throw new AppError('not_found', 'No such user.');
  const [items, orders, twins] = await Promise.all([
    listOwnedItems(db, [id]),
    listOrdersOf(db, id),
    // An erased customer's email is empty: that is no address to share.
    user.email ? findUsersByEmail(db, user.email) : [],
  ]);
  return {
    ...toSummary(user, items),
    picture: user.picture,
    emailVerified: user.emailVerified,
    createdAt: user.createdAt.toISOString(),
    orders,
    sameEmail: twins
      .filter((twin) => twin.id !== user.id)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map((twin) => ({ gid: twin.id, name: twin.name, createdAt: twin.createdAt.toISOString() })),
  };
}

/**
 * An admin changes a user's role or contact details, recorded in the audit trail in the same
 * transaction. Taking away the admin role of the last admin is refused, so the shop can never lock
 * itself out of its own dashboard; so is taking it from an address in `adminEmails`, which the next
 * sign-in would give back.
 */
export async function updateUserAsAdmin(
  db: Database,
  actorUserId: string,
  id: string,
  changes: UpdateUser,
  adminEmails: readonly string[],
): Promise<UserDetail> {
  if (!isUuid(id)) throw new AppError('not_found', 'No such user.');
  const values = {
    ...(changes.accessLevel === undefined ? {} : { accessLevel: changes.accessLevel }),
    ...(changes.phone === undefined ? {} : { phone: changes.phone || null }),
    ...(changes.address === undefined ? {} : { address: changes.address || null }),
  };
  await db.transaction(async (tx) => {
    const user = await findUser(tx, id);
    if (!user) throw new AppError('not_found', 'No such user.');
    const demotesAdmin =
      user.accessLevel === ACCESS.admin && (values.accessLevel ?? ACCESS.admin) !== ACCESS.admin;
    // Whether the provider verified the address is not stored: a listed one is refused either way.
    if (demotesAdmin && listedAsAdmin(user.email, adminEmails)) {
      throw new AppError(
        'conflict',
        "This address is in the server's ADMIN_EMAILS setting, which makes it an admin at sign-in: remove it there first.",
      );
    }
    if (demotesAdmin && (await lockOtherAdmins(tx, id)) === 0) {
      throw new AppError('conflict', 'This is the last admin: make someone else an admin first.');
    }
    const updated = (await updateUser(tx, id, values))!;
    const fields = Object.keys(values) as (keyof typeof values)[];
    await recordAudit(tx, {
      actorUserId,
      entity: 'user',
      entityId: id,
      action: values.accessLevel !== undefined && values.accessLevel !== user.accessLevel ? 'role' : 'update',
      before: Object.fromEntries(fields.map((field) => [field, user[field]])),
      after: Object.fromEntries(fields.map((field) => [field, updated[field]])),
    });
  });
  return getUserDetail(db, id);
}

/** The one account a command names by its email (and, among several with that email, its id). */
type AccountByEmail = { user: UserRow } | { none: true } | { several: UserRow[] };

async function accountByEmail(db: Database, email: string, accountId?: string): Promise<AccountByEmail> {
  const users = (await findUsersByEmail(db, email)).filter((user) => !accountId || user.id === accountId);
  if (users.length === 0) return { none: true };
  if (users.length > 1) return { several: users };
  return { user: users[0]! };
}

export type RoleByEmail =
  | { changed: UserRow }
  | { unchanged: UserRow }
  | { none: true }
  | { several: UserRow[] }
  | { unverified: UserRow };

/**
 * Sets the role of the account with this email (the command line's way to appoint staff and admins),
 * recorded in the audit trail as the command's doing, in the same transaction.
 * Several accounts with one email (another sign-in provider, or someone's account at a provider that
 * did not verify the address) are never changed together: the operator names one by its id. Nor is
 * an account raised on an address its provider did not vouch for unless named by its id: with a
 * provider that lets anyone sign in with any address, whoever did so first would be promoted.
 */
export async function setRoleByEmail(
  db: Database,
  email: string,
  accessLevel: number,
  accountId?: string,
): Promise<RoleByEmail> {
  const account = await accountByEmail(db, email, accountId);
  if (!('user' in account)) return account;
  const { user } = account;
  if (user.accessLevel === accessLevel) return { unchanged: user };
  if (accessLevel > user.accessLevel && user.emailVerified !== true && !accountId)
    return { unverified: user };
  return db.transaction(async (tx) => {
    const changed = (await updateUser(tx, user.id, { accessLevel }))!;
    await recordRoleSetBy(tx, AUDIT_TOOLS.roleCommand, user.id, user.accessLevel, changed.accessLevel);
    return { changed };
  });
}

/** The name an erased customer's account keeps, so their orders still read as someone's. */
export const ERASED_NAME = 'Deleted customer';
/** The contact details staff keep on a user (updateUserAsAdmin), also in the audit trail's values. */
const CONTACT_FIELDS = ['phone', 'address'] as const;

export type EraseByEmail =
  | { erased: UserRow }
  | { none: true }
  | { several: UserRow[] }
  | { staff: UserRow }
  | { openOrders: number; user: UserRow };

/**
 * Erases a customer's personal data on their request (the privacy policy's right to deletion): their
 * name, email, picture, phone and address, the identity they sign in with, their sessions, the
 * contact details the audit trail recorded, and their address in the email outbox. Their orders and
 * items stay, tied to the nameless account: the shop keeps its sales records (and stock, revenue and
 * taxes add up). Refused while the shop still has business with them (an order not yet handed over
 * or canceled, one waiting for staff, a checkout under way), and for staff and admins, whose
 * names the audit trail must go on showing: make them a customer first. Recorded in the audit trail
 * as the command's doing.
 */
export async function eraseUserByEmail(
  db: Database,
  email: string,
  accountId?: string,
): Promise<EraseByEmail> {
  const account = await accountByEmail(db, email, accountId);
  if (!('user' in account)) return account;
  const { user } = account;
  if (user.accessLevel !== ACCESS.customer) return { staff: user };
  return db.transaction(async (tx) => {
    // Holds off a checkout starting meanwhile (one already under way holds a lease), and a change of
    // role: the role is read again under the lock, since one made since the read above would
    // otherwise erase a staff member's name from the changes they made.
    const locked = await lockUser(tx, user.id);
    const current = await findUser(tx, user.id);
    if (current && current.accessLevel !== ACCESS.customer) return { staff: current };
    const open = await countOpenOrdersOf(tx, user.id);
    if (locked?.leased || open > 0) return { openOrders: Math.max(open, 1), user };
    await eraseProfile(tx, user.id, ERASED_NAME);
    await deleteSessionsOf(tx, user.id);
    await forgetRecordedFields(tx, 'user', user.id, CONTACT_FIELDS);
    // The outbox knows addresses, not accounts: while another account still has this one (the same
    // person through another provider), its emails, a pickup code waiting to go among them, are that
    // account's too.
    if ((await findUsersByEmail(tx, user.email)).length === 0) await forgetRecipient(tx, user.email);
    await recordAudit(tx, {
      actorUserId: null,
      tool: AUDIT_TOOLS.eraseCommand,
      entity: 'user',
      entityId: user.id,
      action: 'erase personal data',
      before: null,
      after: null,
    });
    return { erased: (await findUser(tx, user.id))! };
  });
}
