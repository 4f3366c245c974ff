import { type Executor, schema } from '@barbershop/db';

export type AuditEntity = 'product' | 'stock' | 'item' | 'barber' | 'shop' | 'user' | 'order';

export type AuditEntry = {
  actorUserId: string | null;
  /** Set when no signed-in person made the change: the command that did. */
  tool?: string;
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
