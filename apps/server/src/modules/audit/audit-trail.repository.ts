import { type Executor, type KeysetKey, schema } from '@barbershop/db';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';

const { auditLog, users } = schema;

export type AuditFilter = {
  actorUserId?: string;
  entity?: string;
  entityId?: string;
  after?: KeysetKey;
  limit: number;
};

/** A page of the audit trail, newest first, with the name of whoever made each change. */
export async function listAuditPage(db: Executor, filter: AuditFilter) {
  const parts: SQL[] = [];
  if (filter.actorUserId) parts.push(eq(auditLog.actorUserId, filter.actorUserId));
  if (filter.entity) parts.push(eq(auditLog.entity, filter.entity));
  if (filter.entityId) parts.push(eq(auditLog.entityId, filter.entityId));
  if (filter.after) {
    parts.push(
      sql`(${auditLog.at}, ${auditLog.id}) < (${filter.after.at}::timestamptz, ${filter.after.id}::uuid)`,
    );
  }
  return db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      atExact: sql<string>`${auditLog.at}::text`,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      action: auditLog.action,
      before: auditLog.before,
      after: auditLog.after,
      actorId: users.id,
      actorName: users.name,
      tool: auditLog.tool,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(parts.length ? and(...parts) : undefined)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(filter.limit);
}

/**
 * Everyone who has made at least one change, by name. The actors are found by skipping along the
 * actor index from one to the next (a recursive query, one index probe per actor), not by asking of
 * every user whether they made a change: a shop of years has tens of thousands of users and a handful
 * of actors.
 */
export function listAuditActors(db: Executor) {
  const actors = sql`(
    with recursive actor(id) as (
      (select ${auditLog.actorUserId} from ${auditLog} where ${auditLog.actorUserId} is not null
        order by ${auditLog.actorUserId} limit 1)
      union all
      select (select next.actor_user_id from ${auditLog} next where next.actor_user_id > actor.id
        order by next.actor_user_id limit 1)
      from actor where actor.id is not null
    )
    select id from actor where id is not null
  )`;
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(sql`${users.id} in ${actors}`)
    .orderBy(users.name, users.id);
}
