import type { AuditTool } from '@barbershop/contract';
import { type Executor, schema } from '@barbershop/db';
import { and, eq, type SQL, sql } from 'drizzle-orm';

export type AuditEntity = 'product' | 'stock' | 'item' | 'barber' | 'shop' | 'user' | 'order';

export type AuditEntry = {
  actorUserId: string | null;
  /** Set when no signed-in person made the change: what did. */
  tool?: AuditTool;
  entity: AuditEntity;
  entityId: string;
  action: string;
  before: unknown;
  after: unknown;
};

/**
 * Records who changed what, from what to what. Call it with the transaction of the change itself,
 * so a change that fails leaves no audit row and a change that lands always has one.
 */
export async function recordAudit(tx: Executor, entry: AuditEntry): Promise<void> {
  await tx.insert(schema.auditLog).values({
    actorUserId: entry.actorUserId,
    tool: entry.tool ?? null,
    entity: entry.entity,
    entityId: entry.entityId,
    action: entry.action,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** A user's role set by a tool rather than a person: the command line, or ADMIN_EMAILS at sign-in. */
export function recordRoleSetBy(
  tx: Executor,
  tool: AuditTool,
  userId: string,
  from: number | null,
  to: number,
): Promise<void> {
  return recordAudit(tx, {
    actorUserId: null,
    tool,
    entity: 'user',
    entityId: userId,
    action: 'role',
    before: { accessLevel: from },
    after: { accessLevel: to },
  });
}

/**
 * Takes `fields` out of the values a record's entries recorded, keeping who changed it and when: for
 * a person's data that must go (an erased customer's phone and address).
 */
export async function forgetRecordedFields(
  tx: Executor,
  entity: AuditEntity,
  entityId: string,
  fields: readonly string[],
): Promise<void> {
  const { auditLog } = schema;
  const keys = sql`array[${sql.join(
    fields.map((field) => sql`${field}`),
    sql`, `,
  )}]::text[]`;
  const without = (column: typeof auditLog.before | typeof auditLog.after): SQL =>
    sql`case when jsonb_typeof(${column}) = 'object' then ${column} - ${keys} else ${column} end`;
  await tx
    .update(auditLog)
    .set({ before: without(auditLog.before), after: without(auditLog.after) })
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)));
}
