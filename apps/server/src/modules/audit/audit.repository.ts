import type { AuditTool } from '@barbershop/contract';
import { type Executor, schema } from '@barbershop/db';

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
