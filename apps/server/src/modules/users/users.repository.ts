import { searchFold } from '@barbershop/contract';
import { ACCESS } from '@barbershop/contract/domain';
import { type Executor, inNameOrder, schema, searchFolded } from '@barbershop/db';
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

const { users, productItems, products, productImages } = schema;

export type UserRow = typeof users.$inferSelect;

/** Inserts or refreshes a user by identity; an accessLevel given is set, otherwise left as it is. */
export async function upsertIdentity(
  db: Executor,
  values: {
    oidcIssuer: string;
    oidcSubject: string;
    email: string;
    emailVerified: boolean;
    name: string;
    picture: string;
    accessLevel: number | undefined;
  },
): Promise<UserRow> {
  const { accessLevel, ...profile } = values;
  const [row] = await db
    .insert(users)
    .values({ ...profile, accessLevel: accessLevel ?? ACCESS.customer })
    .onConflictDoUpdate({
      target: [users.oidcIssuer, users.oidcSubject],
      set: {
        email: profile.email,
        emailVerified: profile.emailVerified,
        name: profile.name,
        picture: profile.picture,
        ...(accessLevel === undefined ? {} : { accessLevel }),
      },
    })
    .returning();
  return row!;
}

/** The account of a sign-in identity, locked until the transaction ends; null before its first sign-in. */
export async function lockUserByIdentity(
  tx: Executor,
  oidcIssuer: string,
  oidcSubject: string,
): Promise<UserRow | null> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.oidcIssuer, oidcIssuer), eq(users.oidcSubject, oidcSubject)))
    .for('update');
  return row ?? null;
}

export async function findUser(db: Executor, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

/** Users after this one in the list's order (name, email, id). */
function usersAfter(db: Executor, id: string) {
  const last = alias(users, 'last');
  const key = db
    .select({ name: inNameOrder(last.name), email: last.email, id: last.id })
    .from(last)
    .where(eq(last.id, id));
  return sql`(${inNameOrder(users.name)}, ${users.email}, ${users.id}) > (${key})`;
}

/**
 * Whether a user could match the users search `q`; `userMatches` decides. A search asks this of the
 * database so that only candidates cross to the server, not every user (PGlite hands a server 8,000
 * users in about half a second). It is a necessary condition: text holding `q` lower-cased holds each
 * of its runs of letters and digits, and a run never spans the printed address's separators, so each
 * run is in one field: in the fields joined, folded as `searchFold` does (ICU's full case mapping).
 * A phone matched by its digits alone holds `q`'s digits.
 */
function couldMatch(q: string): SQL | undefined {
  const needle = searchFold(q.trim());
  const runs = needle.match(/[a-z0-9]+/g);
  if (!runs) return undefined;
  const address = (field: string) => sql`coalesce(${users.address}->>${field}, '')`;
  const text = searchFolded(
    sql`concat(${users.id}::text, ' ', ${users.name}, ' ', ${users.email}, ' ', ${users.phone}, ' ', ${address('line1')}, ' ', ${address('line2')}, ' ', ${address('city')}, ' ', ${address('state')}, ' ', ${address('postal_code')})`,
  );
  const inText = and(...runs.map((run) => sql`strpos(${text}, ${run}) > 0`));
  const digits = needle.replace(/\D+/g, '');
  if (!digits) return inText;
  return or(
    inText,
    sql`strpos(regexp_replace(coalesce(${users.phone}, ''), '[^0-9]+', '', 'g'), ${digits}) > 0`,
  );
}

/**
 * Up to `limit` users by name (then email and id), after the user `after` when given: the row
 * comparison walks the users_name index from there, so a late page costs what the first does. With
 * `q`, only users who could match it (`couldMatch`).
 */
export async function listUsersPage(
  db: Executor,
  { after, limit, q = '' }: { after?: string; limit: number; q?: string },
): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(after ? usersAfter(db, after) : undefined, couldMatch(q)))
    .orderBy(asc(inNameOrder(users.name)), asc(users.email), asc(users.id))
    .limit(limit);
}

/** Users with this email, whatever provider they signed in with. */
export async function findUsersByEmail(db: Executor, email: string): Promise<UserRow[]> {
  return db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
}

export async function updateUser(
  db: Executor,
  id: string,
  changes: Partial<Pick<UserRow, 'accessLevel' | 'phone' | 'address'>>,
): Promise<UserRow | null> {
  const [row] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
  return row ?? null;
}

/** An erased account's sign-in identity: no provider's subject, and no session of it counts. */
export const ERASED_SUBJECT_PREFIX = 'erased:';

/**
 * Replaces a user's personal data with `name` and blanks, and unties the account from its sign-in
 * identity (a fresh sign-in with it makes a new account). The row stays: orders and items point to it.
 */
export async function eraseProfile(tx: Executor, id: string, name: string): Promise<void> {
  await tx
    .update(users)
    .set({
      oidcSubject: `${ERASED_SUBJECT_PREFIX}${id}`,
      email: '',
      emailVerified: null,
      name,
      picture: '',
      phone: null,
      address: null,
    })
    .where(eq(users.id, id));
}

/** Locks every admin row until the transaction ends and counts the others: two admins cannot demote each other at once. */
export async function lockOtherAdmins(tx: Executor, id: string): Promise<number> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.accessLevel, ACCESS.admin))
    .for('update');
  return rows.filter((row) => row.id !== id).length;
}

/** A product's first image, for lists that show one picture per product. */
const firstImageKey = sql<string | null>`(
  select ${productImages.mediaKey} from ${productImages}
  where ${productImages.productId} = ${products.id}
  order by ${productImages.position} limit 1
)`;

/** The items the given users own, with their product's name, slug and first image, newest first. */
export async function listOwnedItems(db: Executor, ownerIds: string[]) {
  if (ownerIds.length === 0) return [];
  return db
    .select({
      id: productItems.id,
      ownerUserId: productItems.ownerUserId,
      size: productItems.size,
      status: productItems.status,
      productId: products.id,
      productName: products.name,
      productSlug: products.slug,
      imageKey: firstImageKey,
    })
    .from(productItems)
    .innerJoin(products, eq(products.id, productItems.productId))
    .where(inArray(productItems.ownerUserId, ownerIds))
    .orderBy(sql`${productItems.createdAt} desc`, asc(productItems.id));
}

export type OwnedItemRow = Awaited<ReturnType<typeof listOwnedItems>>[number];
